/** Spec §2 "Contact": the route exists (it is an open route in the table); its form arrives with the captcha. */
export function ContactPage() {
  return (
    <section className="container-page py-16 sm:py-24">
      <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">Contact Us</h1>
    </section>
  );
}
