import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="page narrow-page">
      <div className="card empty-state">
        <h1>Page not found</h1>
        <p>The address may be mistyped, or the page has moved.</p>
        <Link className="btn btn-primary" to="/">
          Go to the start page
        </Link>
      </div>
    </section>
  );
}
