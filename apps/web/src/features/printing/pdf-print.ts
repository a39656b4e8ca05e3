/**
 * Prints a PDF through the browser when C-Lodop is not there. The PDF carries the label's exact page
 * size, so the system dialog prints it at that size. A hidden iframe keeps the user on the page; a
 * browser that will not print from a frame (or has no PDF viewer in it) gets the PDF in a new tab.
 */
const KEEP_URL_MS = 60_000;

export function printPdfBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'pdf-print-frame';
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch (e) {
      console.warn('[printing] printing from a frame failed; opening the PDF', e);
      window.open(url, '_blank');
    }
  };
  frame.src = url;
  document.body.appendChild(frame);
  // The print dialog holds its own copy once open; until then the URL and frame must stay.
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, KEEP_URL_MS);
}
