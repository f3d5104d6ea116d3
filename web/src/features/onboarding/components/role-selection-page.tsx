export function RoleSelectionPage() {
  return (
    <section className="container-page py-16 sm:py-24">
      <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">Choose Your Role</h1>
    </section>
  );
}
