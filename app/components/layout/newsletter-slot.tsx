/** Where the footer's newsletter form goes (the visitor-forms issue replaces this). */
export function NewsletterSlot() {
  return <p className="mt-4 text-white/80">News from our programmes, a few times a year.</p>;
}
