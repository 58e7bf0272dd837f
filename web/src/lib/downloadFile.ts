/** The file name a download answer carries in Content-Disposition (`filename="..."`), or the fallback. */
export function fileNameOf(headers: Headers, fallback: string): string {
  const disposition = headers.get('Content-Disposition') ?? '';
  return /filename="([^"]{1,255})"/.exec(disposition)?.[1] ?? fallback;
}

/** Save a file answer (a streamed download the request layer read as a Blob) through the browser. */
export function downloadFile(response: { body: unknown; headers: Headers }, fallbackName: string): void {
  if (!(response.body instanceof Blob)) throw new Error('the answer is not a file');
  const url = URL.createObjectURL(response.body);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
