/**
 * Spec 002 §2 Public read-only views: the QR-code button shows on public pages only once this flag
 * is stored in the browser, which Public View on a project page does for the staff who publish.
 */
const QR_ACCESS_FLAG = 'stormline.qrAccess';

export function rememberQrAccess(): void {
  try {
    window.localStorage.setItem(QR_ACCESS_FLAG, '1');
  } catch {
    // Storage off (private mode): the public page simply shows no QR button.
  }
}

export function hasQrAccess(): boolean {
  try {
    return window.localStorage.getItem(QR_ACCESS_FLAG) === '1';
  } catch {
    return false;
  }
}
