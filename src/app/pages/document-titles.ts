/** Document viewer titles (spec shell §2 "Document viewer"); any other document has an empty title. */
const DOCUMENT_TITLES: Readonly<Record<string, string>> = {
  'privacy-policy': 'Privacy Policy',
  'terms-of-use': 'Terms of Use',
  'product-tc': 'Product Terms & Conditions',
};

export function documentTitle(docName: string): string {
  return DOCUMENT_TITLES[docName] ?? '';
}

/** Only plain names reach the frame URL, so a crafted route cannot point the frame elsewhere. */
export function documentSource(docName: string): string | null {
  return /^[a-z0-9][a-z0-9-]*$/i.test(docName) ? `/docs/${docName}.html` : null;
}
