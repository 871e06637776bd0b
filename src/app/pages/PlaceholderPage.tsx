import './pages.css';

/** A page of this walking skeleton whose content comes in a later issue. */
export function PlaceholderPage({ title, kind = 'page' }: { title: string; kind?: 'page' | 'report' }) {
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <div className="page__placeholder">
        <i className="pi pi-clock" aria-hidden="true" />
        <p>{kind === 'report' ? 'This report is not available yet.' : 'This page is not available yet.'}</p>
      </div>
    </section>
  );
}
