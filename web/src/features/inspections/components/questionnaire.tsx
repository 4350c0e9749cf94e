import { useEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Alert, Anchor, Button, CopyButton, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import type { Answers, AnswerValue } from '@stormline/domain/questionnaire-rules';
import { allQuestions, type Question } from '@stormline/domain/template-model';
import { ConflictChoice } from '../../../components/conflict-choice';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import {
  conflictsOf,
  displayed,
  hasPending,
  usePendingEdits,
  type FieldValue,
  type PendingEdits,
} from '../../../lib/pending-edits';
import { useQuestionnaire, type Questionnaire } from '../api/inspections';
import {
  adoptEarlierDraft,
  answerField,
  commentField,
  questionnaireEdits,
  saveQuestionnaire,
  serverFields,
} from '../api/questionnaire-edits';
import { QuestionnaireGroups } from '../../../components/questionnaire/questionnaire-groups';

/** An answer as a person reads it: option names, Yes/No, or the text typed. */
function describeAnswer(
  question: Question,
  value: AnswerValue,
  offer: Questionnaire['findingOffer'],
): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return 'no answer';
  const names = new Map<string, string>([
    ...question.options.map((o): [string, string] => [o.id, o.name]),
    ...offer.map((f): [string, string] => [f.id, `${f.typeCode} #${f.number}: ${f.location}`]),
    ['yes', 'Yes'],
    ['no', 'No'],
    ['na', 'N/A'],
  ]);
  const name = (v: string | number | boolean) =>
    typeof v === 'boolean' ? (v ? 'Yes' : 'No') : (names.get(String(v)) ?? String(v));
  return Array.isArray(value) ? value.map(name).join(', ') : name(value);
}

function CommentField({
  question,
  value,
  onChange,
  readOnly,
}: {
  question: Question;
  value: string | undefined;
  onChange: (value: string | null) => void;
  readOnly: boolean;
}) {
  const [opened, setOpened] = useState(false);
  if (readOnly && !value) return null;
  // A comment that arrives later (restored, or saved by someone else) opens the field too.
  if (!opened && !value)
    return (
      <Anchor
        component="button"
        type="button"
        fz="sm"
        mih={24}
        style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center' }}
        onClick={() => setOpened(true)}
      >
        Add comment
      </Anchor>
    );
  return (
    <Textarea
      label={`Comment on ${question.input_label}`}
      size="xs"
      autosize
      minRows={1}
      value={value ?? ''}
      disabled={readOnly}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      maxLength={2000}
    />
  );
}

/**
 * An inspection that became read-only (certified, or no longer this user's to edit) with answers this device
 * had not saved: they cannot be saved, but they are shown, read-only and in one text to copy,
 * before the user discards them (docs/decisions/0030).
 */
function UnsavedWhenReadOnly({
  edits,
  data,
  onDiscard,
}: {
  edits: PendingEdits;
  data: Questionnaire;
  onDiscard: () => void;
}) {
  const questions = new Map(allQuestions(data.template).map((q) => [q.id, q]));
  const lines = Object.entries({ ...edits.sending, ...edits.fields }).map(([field, edit]) => {
    const [kind, questionId] = [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1)];
    const question = questions.get(questionId);
    const label = question?.input_label ?? 'A question no longer asked';
    if (kind === 'comment') return `Comment on ${label}: ${edit.mine ? String(edit.mine) : 'no comment'}`;
    return `${label}: ${question ? describeAnswer(question, edit.mine as AnswerValue, data.findingOffer) : String(edit.mine)}`;
  });
  const text = lines.join('\n');
  return (
    <Alert color="orange" variant="light" title="Your unsaved answers cannot be saved">
      <Stack gap="xs">
        <Text fz="sm">
          This inspection is read-only now, so the answers you had not saved on this device cannot be saved.
          They are shown below: copy them before you discard them.
        </Text>
        <Textarea label="Your unsaved answers" readOnly autosize minRows={2} value={text} />
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                {copied ? 'Copied' : 'Copy them'}
              </Button>
            )}
          </CopyButton>
          {/* Its label wraps on a phone, where it is wider than the alert. */}
          <Button
            variant="light"
            color="red"
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
            onClick={onDiscard}
          >
            Discard them and show the inspection
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The questionnaire (spec 002 §2 Questionnaire): the pinned template's groups in FORM or TABLE
 * layout, every question type, child questions under the chosen option, a comment per question.
 * Changed answers are kept at once (questionnaireEdits) and saved on Save and on leaving the
 * screen; read-only when the server says the inspection is not editable.
 */
export function QuestionnaireTab({ divisionId, inspectionId }: { divisionId: string; inspectionId: string }) {
  const { data, error } = useQuestionnaire(divisionId, inspectionId);
  if (error) return <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>;
  if (!data)
    return (
      <Stack aria-busy>
        <Skeleton h={28} w={240} />
        <Skeleton h={160} />
      </Stack>
    );
  return <QuestionnaireForm divisionId={divisionId} inspectionId={inspectionId} data={data} />;
}

function QuestionnaireForm({
  divisionId,
  inspectionId,
  data,
}: {
  divisionId: string;
  inspectionId: string;
  data: Questionnaire;
}) {
  const edits = usePendingEdits(questionnaireEdits, inspectionId);
  const server = useMemo(() => serverFields(data), [data]);
  const readOnly = !data.editable;
  const [saving, setSaving] = useState(false);
  // The cache this screen reads: a save writes what it saved into it (and it outlives the screen).
  const { mutate: cache } = useSWRConfig();

  // A copy someone else saved since the edits were made: untouched answers move onto it, and
  // answers both changed wait for the user's choice. The form itself is never rebuilt.
  useEffect(() => {
    adoptEarlierDraft(inspectionId, server, data.answersVersion);
    questionnaireEdits.reconcile(inspectionId, server, data.answersVersion);
  }, [inspectionId, server, data.answersVersion]);

  // Leaving the screen (another tab, another page) saves what changed.
  // Read when leaving, not a dependency: an inspection that becomes read-only is not "left".
  const editable = useRef(data.editable);
  useEffect(() => {
    editable.current = data.editable;
  }, [data.editable]);
  useEffect(
    () => () => {
      if (editable.current) void saveQuestionnaire(divisionId, inspectionId, { quiet: true, cache });
    },
    [divisionId, inspectionId, cache],
  );

  const valueOf = (field: string) => displayed(edits, field, server[field] ?? null);
  const answers: Answers = Object.fromEntries(
    allQuestions(data.template).map((q) => [q.id, valueOf(answerField(q.id)) as AnswerValue]),
  );
  const edit = (field: string, value: FieldValue) =>
    questionnaireEdits.edit(inspectionId, field, value, server[field] ?? null, data.answersVersion);
  const conflicts = conflictsOf(edits);
  const pending = hasPending(edits);

  const save = async () => {
    setSaving(true);
    try {
      await saveQuestionnaire(divisionId, inspectionId, { quiet: false, cache });
    } finally {
      setSaving(false);
    }
  };

  if (readOnly && pending && edits)
    return (
      <UnsavedWhenReadOnly
        edits={edits}
        data={data}
        onDiscard={() => questionnaireEdits.discard(inspectionId)}
      />
    );

  const conflictChoice = (question: Question, field: string, describe: (v: FieldValue) => string) => {
    const edit = edits?.fields[field];
    if (!edit || !('theirs' in edit)) return null;
    return (
      <ConflictChoice
        label={question.input_label}
        mine={describe(edit.mine)}
        theirs={describe(edit.theirs ?? null)}
        onChoose={(choice) => questionnaireEdits.choose(inspectionId, field, choice)}
      />
    );
  };

  return (
    <Stack>
      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          This inspection is read-only.
        </Alert>
      )}
      {edits?.restored && (
        <Alert color="blue" variant="light">
          Answers you had not saved were restored: save them, or they are saved when you leave this screen.
        </Alert>
      )}
      {conflicts.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          title="Someone else saved this inspection while you were editing"
        >
          {conflicts.length === 1
            ? 'One of your answers differs from theirs: '
            : `${conflicts.length} of your answers differ from theirs: `}
          both are shown below. Choose which to keep; your other answers are kept.
        </Alert>
      )}
      <QuestionnaireGroups
        groups={data.template.question_groups}
        answers={answers}
        onAnswer={(question, value) => edit(answerField(question.id), value)}
        readOnly={readOnly}
        nowLocal={data.nowLocal}
        findingOffer={data.findingOffer}
        belowField={(question) =>
          conflictChoice(question, answerField(question.id), (v) =>
            describeAnswer(question, v as AnswerValue, data.findingOffer),
          )
        }
        afterQuestion={(question) =>
          question.question_type_id !== 'descriptive_text' && (
            <>
              <CommentField
                question={question}
                value={(valueOf(commentField(question.id)) as string | null) ?? undefined}
                onChange={(v) => edit(commentField(question.id), v)}
                readOnly={readOnly}
              />
              {conflictChoice(question, commentField(question.id), (v) => (v ? String(v) : 'no comment'))}
            </>
          )
        }
      />
      {!readOnly && (
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          style={{ background: 'var(--mantine-color-body)' }}
        >
          <Text fz="sm" c="dimmed" role="status" id={`save-state-${inspectionId}`}>
            {conflicts.length > 0
              ? 'Choose between your answers and theirs to save'
              : pending
                ? 'Unsaved changes: saved when you leave this screen'
                : 'All changes saved'}
          </Text>
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            loading={saving}
            disabled={!pending || conflicts.length > 0}
            // Disabled while a conflict is open: the status beside it says why.
            aria-describedby={`save-state-${inspectionId}`}
            onClick={() => void save()}
          >
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
