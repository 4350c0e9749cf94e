import { useState } from 'react';
import { Alert, ColorSwatch, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { localDateTime } from '@stormline/domain/local-date';
import type { Answers } from '@stormline/domain/questionnaire-rules';
import { SIGNATURE_GROUP_TITLES, type SignatureGroup } from '@stormline/domain/template-model';
import { Markdown } from '../../../components/markdown';
import { QuestionnaireGroups } from '../../../components/questionnaire/questionnaire-groups';
import type { TemplateContent } from '../api/templates';
import { useLogoSrc } from './template-logo';

/** This device's date and time as the questionnaire's date limits read it ('2026-11-29T10:45'). */
const nowOnThisDevice = () => localDateTime(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());

/** The signature groups an inspection of this template has (spec 002 §2 Certification). */
function signatureGroups(content: TemplateContent): SignatureGroup[] {
  return [
    'inspection',
    ...(content.has_acknowledgement ? (['acknowledgement'] as const) : []),
    ...(content.has_compliance_cert ? (['compliance'] as const) : []),
  ];
}

/**
 * What an inspector will meet on an inspection of this template: its logo, the questionnaire
 * (the inspection screen's own component, with answers kept only here, so the author can try the
 * options that open child questions), the finding types they can raise, and the certification's
 * statements and signature lines. Nothing is saved.
 */
export function PreviewQuestionnaire({ content }: { content: TemplateContent }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [nowLocal] = useState(nowOnThisDevice);
  const { data: logoSrc } = useLogoSrc(content.logo_GUID);
  const findingTypes = content.finding_types.filter((t) => t.details.is_enabled);
  return (
    <Stack gap="md">
      {content.logo_GUID && logoSrc && (
        <Image
          src={logoSrc}
          alt="Template logo"
          h={40}
          w="auto"
          maw={160}
          fit="contain"
          data-testid="preview-logo"
        />
      )}
      {content.question_groups.length === 0 ? (
        <Alert color="gray" variant="light">
          No questions yet: the preview shows them as they are added.
        </Alert>
      ) : (
        <QuestionnaireGroups
          groups={content.question_groups}
          answers={answers}
          onAnswer={(question, value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
          readOnly={false}
          nowLocal={nowLocal}
          findingOffer={[]}
        />
      )}
      <Paper radius="lg" p="md" withBorder>
        <Title order={3} fz="lg" mb="xs">
          Finding types
        </Title>
        <Stack gap={6}>
          {findingTypes.map((type) => (
            <Group key={type.id} gap="xs" wrap="wrap">
              <ColorSwatch color={type.details.color} size={14} aria-hidden />
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {type.name}
              </Text>
              {type.details.is_required_for_cert && (
                <Text fz="xs" c="orange.9">
                  required for certification
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      </Paper>
      {signatureGroups(content).map((group) => (
        <Paper key={group} radius="lg" p="md" withBorder>
          <Title order={3} fz="lg" mb="xs">
            {SIGNATURE_GROUP_TITLES[group]}
          </Title>
          <Stack gap="sm">
            {content.attestations
              .filter((a) => a.signatureType === group)
              .map((a) => (
                <Markdown key={a.id} source={a.content} />
              ))}
            {(content.signature_groups[group] ?? []).map((line) => (
              <Stack key={line.type} gap={4}>
                {line.label && (
                  <Text fz="sm" fw={500}>
                    {line.label}
                  </Text>
                )}
                <Group grow gap="sm" align="flex-start">
                  <TextInput label={line.roleFieldLabel} disabled size="xs" />
                  <TextInput label={line.userFieldLabel} disabled size="xs" />
                </Group>
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
