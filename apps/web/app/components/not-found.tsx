/** The 404 page: the frame stays, the body says what happened and offers a way back. */
export function NotFound() {
  return (
    <div className="container error-page">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <h1>Page not found</h1>
      <p>We couldn't find the page you were looking for.</p>
      <p>
        <a className="button" href="/">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
