import { useEffect, useState } from 'react';
import { SkipLink } from '../../components/skip-link';

const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

/** Whether a modal dialog (Mantine's Modal or Drawer, portalled into the body) is open now. */
function useModalOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const read = () => setOpen(document.querySelector(OPEN_DIALOG) !== null);
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return open;
}

/**
 * The shell's skip link, kept behind an open dialog. The dialog's focus trap holds only focus that
 * is already inside it: focus that had left it (the element it returned to was gone, a drawer
 * closing as a dialog opened gave it back to the page) let Tab walk the page behind, whose first
 * stop is the skip link, shown on :focus over the dialog. While a dialog is open the link is out of
 * the Tab order, and focus that reaches it anyway goes into the dialog.
 */
export function ShellSkipLink({ targetId }: { targetId: string }) {
  const modalOpen = useModalOpen();
  return (
    <SkipLink
      targetId={targetId}
      behindDialog={modalOpen}
      onFocusBehindDialog={() => {
        const dialogs = document.querySelectorAll<HTMLElement>(OPEN_DIALOG);
        const dialog = dialogs[dialogs.length - 1];
        if (!dialog) return;
        const first = dialog.querySelector<HTMLElement>(
          'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        );
        (first ?? dialog).focus();
      }}
    />
  );
}
