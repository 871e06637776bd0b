import { useParams } from 'react-router';
import { documentSource, documentTitle } from './document-titles.ts';
import './pages.css';

/** Shows a static document (/docs/{docName}.html) in a frame under its title. */
export function DocumentViewerPage() {
  const docName = useParams()['docName'] ?? '';
  const title = documentTitle(docName);
  const source = documentSource(docName);
  return (
    <section className="page page--document">
      <h1 className="page__title">{title}</h1>
      {source === null ? (
        <p>This document does not exist.</p>
      ) : (
        <iframe className="document-frame" src={source} title={title || docName} />
      )}
    </section>
  );
}
