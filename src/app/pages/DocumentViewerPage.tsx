import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { documentSource, documentTitle } from './document-titles.ts';
import './pages.css';

/** Shows a static document (/docs/{docName}.html) in a frame under its title. */
export function DocumentViewerPage() {
  const { t } = useTranslation();
  const docName = useParams()['docName'] ?? '';
  const title = documentTitle(docName);
  const source = documentSource(docName);
  return (
    <section className="page page--document">
      <h1 className="page__title">{title}</h1>
      {source === null ? (
        <p>{t('documents.notFound')}</p>
      ) : (
        <iframe className="document-frame" src={source} title={title || docName} />
      )}
    </section>
  );
}
