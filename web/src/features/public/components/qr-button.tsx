import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Box, Button } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { showActionFailure } from '../../../components/action-failure';
import { hasQrAccess } from '../../../lib/qr-access';
import { publicDivision } from '../../../lib/public-session';
import { saveFile } from '../../../lib/save-file';

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
      saveFile(image, 'image.jpeg');
    } catch (failure) {
      // A chunk that failed to load (offline, a new release): say so rather than do nothing.
      showActionFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    // On a phone the header keeps only the icon, so the bar does not spill over; the name stays.
    <Button
      variant="default"
      size="sm"
      px={{ base: 8, sm: 'md' }}
      aria-label="QR code"
      loading={busy}
      onClick={() => void download()}
    >
      <IconQrcode size={16} aria-hidden />
      <Box component="span" ml={6} visibleFrom="sm">
        QR code
      </Box>
    </Button>
  );
}
