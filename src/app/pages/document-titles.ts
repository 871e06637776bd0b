import { t } from '../../i18n/i18n.ts';

/** Document viewer titles (spec shell §2 "Document viewer"), in the current language; any other document has an empty title. */
export function documentTitle(docName: string): string {
  switch (docName) {
    case 'privacy-policy':
      return t('documents.privacyPolicy');
    case 'terms-of-use':
      return t('documents.termsOfUse');
    case 'product-tc':
      return t('documents.productTerms');
    default:
      return '';
  }
}

/** Only plain names reach the frame URL, so a crafted route cannot point the frame elsewhere. */
export function documentSource(docName: string): string | null {
  return /^[a-z0-9][a-z0-9-]*$/i.test(docName) ? `/docs/${docName}.html` : null;
}
