/**
 * Saves what `href` points at (a download link, a blob: or data: address) under `fileName`, as a
 * click on a download link would: the browser's own save, no new tab.
 */
export function saveFile(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.rel = 'noopener';
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
