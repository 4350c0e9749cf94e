import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import type { Answers } from '@stormline/domain/questionnaire-rules';
import { QuestionnaireGroups } from '../../../components/questionnaire/questionnaire-groups';
import type { TemplateContent } from '../api/templates';

/** This device's date and time as the questionnaire's date limits read it ('2026-11-29T10:45'). */
function nowOnThisDevice(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/**
 * The template's questionnaire as an inspector will answer it: the inspection screen's own
 * component, with answers kept only here, so the author can try the options that open child
 * questions. Nothing is saved.
 */
export function PreviewQuestionnaire({ content }: { content: TemplateContent }) {
  const [answers, setAnswers] = useState<Answers>({});
  const [nowLocal] = useState(nowOnThisDevice);
  if (content.question_groups.length === 0)
    return (
      <Alert color="gray" variant="light">
        No questions yet: the preview shows them as they are added.
      </Alert>
    );
  return (
    <Stack gap="md">
      <QuestionnaireGroups
        groups={content.question_groups}
        answers={answers}
        onAnswer={(question, value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
        readOnly={false}
        nowLocal={nowLocal}
        findingOffer={[]}
      />
    </Stack>
  );
}
