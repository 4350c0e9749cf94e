import { useState } from 'react';
import { Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import useSWR, { useSWRConfig } from 'swr';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { actionError } from '../../../components/confirm-modal';
import { documentHref, sendFile } from '../../../components/documents/document-calls';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';
import { templateKey, type EditorView } from '../api/templates';

/** An image address of /dl/{GUID} with a short-lived token, read again when the logo changes. */
export function useLogoSrc(guid: string | null | undefined) {
  return useSWR(
    guid ? cacheKey(null, 'template-logo', guid) : null,
    () => documentHref({ GUID: guid! }, { inline: true }),
    {
      revalidateOnFocus: false,
    },
  );
}

/**
 * The template's logo (spec 002 §2): shown from /dl/{GUID}; uploaded (a png or jpeg, at most 2 MB,
 * typed by its bytes on the server) or removed on a user template. A published version keeps the
 * logo it was published with.
 */
export function TemplateLogo({ view, editable }: { view: EditorView; editable: boolean }) {
  const divisionId = useDivisionId();
  const { mutate } = useSWRConfig();
  const guid = view.content.logo_GUID;
  const { data: src } = useLogoSrc(guid);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const params = { templateId: view.id };
  const reread = () => mutate(templateKey(divisionId, view.id));

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const ticket = await sendFile(divisionId, file, (p) => setProgress(p.fraction), undefined, 'logo');
      await callApi(templatesRoutes.uploadTemplateLogoAlias, {
        divisionId,
        params,
        body: { upload: ticket },
      });
      await reread();
    } catch (failure) {
      setError(actionError(failure));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await callApi(templatesRoutes.deleteTemplateLogoAlias, { divisionId, params });
      await reread();
    } catch (failure) {
      setError(actionError(failure));
    }
  };

  return (
    <Stack gap={6}>
      <Text fz="xs" c="dimmed">
        Logo
      </Text>
      {guid ? (
        src ? (
          <Image
            src={src}
            alt={`Logo of ${view.name}`}
            h={48}
            w="auto"
            maw={160}
            fit="contain"
            data-testid="template-logo"
          />
        ) : (
          <Text fz="sm">Loading the logo…</Text>
        )
      ) : (
        <Text fz="sm" c="dimmed">
          No logo
        </Text>
      )}
      {progress !== null && <Progress value={progress * 100} size="sm" aria-label="Uploading the logo" />}
      {editable && (
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg">
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="compact-sm"
                leftSection={<IconPhotoUp size={16} aria-hidden />}
                disabled={progress !== null}
              >
                {guid ? 'Replace logo' : 'Upload logo'}
              </Button>
            )}
          </FileButton>
          {guid && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void remove()}
            >
              Remove logo
            </Button>
          )}
        </Group>
      )}
      {error && (
        <Text fz="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
