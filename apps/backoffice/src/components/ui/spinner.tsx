import './spinner.css';

/** A turning ring; with a label it is announced as the page's loading state. */
export function Spinner({ label }: { label?: string }) {
  const ring = <span aria-hidden="true" className="spinner__ring" />;
  if (!label) return <span className="spinner">{ring}</span>;
  return (
    <span className="spinner" role="status" aria-label={label}>
      {ring}
    </span>
  );
}
