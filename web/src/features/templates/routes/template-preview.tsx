import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Skeleton, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/errors';
import { useTemplateEditorView, type TemplateContent } from '../api/templates';
import { PREVIEW_MESSAGE, PREVIEW_READY, type PreviewMessage } from '../components/template-preview';
import { PreviewQuestionnaire } from '../components/preview-questionnaire';
import { TEMPLATE_LOAD_FAILURE } from './template';

/**
 * /inspection-templates/{id}/preview: the questionnaire alone, as the editor frames it at phone
 * width. It reads the template itself, tells the editor it listens, then shows what the editor
 * sends after each change (messages of the same origin only), so the frame never reloads while the
 * author works.
 */
export default function TemplatePreviewRoute() {
  const { templateId = '' } = useParams();
  const { data: view, error } = useTemplateEditorView(templateId);
  const [sent, setSent] = useState<TemplateContent | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent<PreviewMessage>) => {
      if (event.origin !== window.location.origin || event.data?.type !== PREVIEW_MESSAGE) return;
      setSent(event.data.content);
    };
    window.addEventListener('message', onMessage);
    if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const content = sent ?? view?.content;
  return (
    <Box component="main" p="sm" aria-label="Preview of the questionnaire">
      {error && !content ? (
        <Alert color="red" variant="light" title={TEMPLATE_LOAD_FAILURE}>
          {errorMessage(error)}
        </Alert>
      ) : content ? (
        <>
          <Text fz="xs" c="dimmed" mb="xs">
            Preview: answers here are not saved.
          </Text>
          <PreviewQuestionnaire content={content} />
        </>
      ) : (
        <Skeleton h={240} radius="lg" />
      )}
    </Box>
  );
}
