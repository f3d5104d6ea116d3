/** A required group's legend, with the asterisk the required fields' labels have. */
export function RequiredLegend({ children }: { children: string }) {
  return (
    <legend className="mb-3 text-sm font-medium">
      {children}
      <span aria-hidden="true" className="ml-0.5 text-accent">
        *
      </span>
    </legend>
  );
}
