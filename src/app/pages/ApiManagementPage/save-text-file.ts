/** How long the file's object URL outlives the click: a browser may not have started saving it at once. */
const OBJECT_URL_LIFETIME_MS = 10_000;

/** Hands the browser a text file to save (a PEM certificate or key), as a link the user clicked would. */
export function saveTextFile(text: string, name: string, type = 'application/x-pem-file'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
