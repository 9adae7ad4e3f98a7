/** A route that a later part of Hearth fills; it has its title and guard already. */
export function PlaceholderPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="card empty-state">{children ?? <p>This page is being built.</p>}</div>
    </section>
  );
}
