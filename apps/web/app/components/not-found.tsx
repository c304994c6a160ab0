/** An error page: the frame stays, the body says what happened and offers a way back. */
export function ErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <div className="container error-page">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a className="button" href="/">
          Back to the home page
        </a>
      </p>
    </div>
  );
}

/** The 404 page. */
export function NotFound() {
  return (
    <ErrorPage title="Page not found" message="We couldn't find the page you were looking for." />
  );
}
