import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { hasQrAccess } from '../../../lib/qr-access';
import { publicDivision } from '../../../lib/public-session';

/**
 * The address a QR code carries: this public page, and for an inspection page its division too,
 * so a phone that scans it opens the page with nothing stored.
 */
export function publicPageAddress(origin: string, pathname: string, divisionId: string | null): string {
  const needsDivision = pathname.startsWith('/public/inspection/') && divisionId;
  return `${origin}${pathname}${needsDivision ? `?division=${encodeURIComponent(divisionId)}` : ''}`;
}

/**
 * Spec 002 §2: on public pages, once the QR access flag is stored, a button that makes a QR code of
 * the page and downloads it as image.jpeg (for printing on the site board).
 */
export function QrButton() {
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  if (!hasQrAccess()) return null;

  const download = async () => {
    setBusy(true);
    try {
      // Loaded on the click: most public visitors never ask for a code.
      const { toDataURL } = await import('qrcode');
      const address = publicPageAddress(window.location.origin, pathname, publicDivision.get());
      const image = await toDataURL(address, { type: 'image/jpeg', width: 512, margin: 2 });
      const link = document.createElement('a');
      link.href = image;
      link.download = 'image.jpeg';
      link.click();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconQrcode size={16} />}
      loading={busy}
      onClick={() => void download()}
    >
      QR code
    </Button>
  );
}
