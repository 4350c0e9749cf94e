import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { useDivisionId } from '../../../lib/division-context';
import type { EditorView, TemplateContent } from '../api/templates';
import { PreviewQuestionnaire } from './preview-questionnaire';

/** The frame's "ready" and the editor's content after each change, between windows of this origin. */
export const PREVIEW_READY = 'stormline:template-preview-ready';
export const PREVIEW_MESSAGE = 'stormline:template-preview';
export interface PreviewMessage {
  type: typeof PREVIEW_MESSAGE;
  content: TemplateContent;
}

/** An inspector's phone is this wide: the frame gives the preview a phone's own layout (its media queries). */
const PHONE_WIDTH = 375;

/**
 * The live preview beside the editor (issue 19): the questionnaire at phone width in a frame 375
 * px wide, so the inspection screen lays it out exactly as on a phone, and at desktop width in a
 * full-screen dialog. Each change the author saves reaches the frame at once. On a phone the
 * editor's own width is the phone's, so the preview is drawn in the page.
 */
export function TemplatePreview({ view }: { view: EditorView }) {
  const wide = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const [desktopOpen, setDesktopOpen] = useState(false);
  return (
    <Paper radius="lg" p="md" pos="sticky" top={16}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="md">
          Live preview
        </Title>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconDeviceDesktop size={16} aria-hidden />}
          onClick={() => setDesktopOpen(true)}
        >
          Desktop preview
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" mb="sm">
        What an inspector sees{wide ? ' on a phone' : ''}: the draft as it stands. Try the options that open
        further questions.
      </Text>
      {wide ? <PhoneFrame view={view} /> : <PreviewQuestionnaire content={view.content} />}
      <Modal
        opened={desktopOpen}
        onClose={() => setDesktopOpen(false)}
        title="Preview at desktop width"
        fullScreen
        radius={0}
      >
        {desktopOpen && <PreviewQuestionnaire content={view.content} />}
      </Modal>
    </Paper>
  );
}

function PhoneFrame({ view }: { view: EditorView }) {
  const divisionId = useDivisionId();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  // The frame says when its page listens; from then on every saved change is sent to it.
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.origin === window.location.origin && event.source === frame.current?.contentWindow)
        if (event.data?.type === PREVIEW_READY) setLoaded(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    if (!loaded) return;
    const message: PreviewMessage = { type: PREVIEW_MESSAGE, content: view.content };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [loaded, view.content]);
  return (
    <iframe
      ref={frame}
      title="Preview of the questionnaire on a phone"
      src={paths.app.inspectionTemplatePreview.getHref(divisionId, view.id)}
      style={{
        display: 'block',
        width: PHONE_WIDTH,
        maxWidth: '100%',
        height: 640,
        margin: '0 auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 16,
        background: 'var(--mantine-color-body)',
      }}
    />
  );
}
