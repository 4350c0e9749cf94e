import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { answerIssue, askedQuestions } from '@stormline/domain/questionnaire-rules';
import type { Answers, AnswerValue } from '@stormline/domain/questionnaire-rules';
import type { Question, QuestionGroup } from '@stormline/domain/template-model';
import stacked from '../../../components/data-table/stacked-table.module.css';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import { saveInspection, useQuestionnaire, type Questionnaire } from '../api/inspections';
import { QuestionField } from './question-field';

/** Unsaved answers are kept here until saved, so closing the tab loses nothing (spec 002 §4). */
const draftKey = (inspectionId: string) => `stormline.inspectionDraft.${inspectionId}`;

interface Draft {
  answersVersion: number;
  answers: Answers;
  comments: Record<string, string | null>;
}

function readDraft(inspectionId: string): Draft | null {
  try {
    const text = window.localStorage.getItem(draftKey(inspectionId));
    return text ? (JSON.parse(text) as Draft) : null;
  } catch {
    return null;
  }
}

function writeDraft(inspectionId: string, draft: Draft | null) {
  try {
    if (draft) window.localStorage.setItem(draftKey(inspectionId), JSON.stringify(draft));
    else window.localStorage.removeItem(draftKey(inspectionId));
  } catch {
    // Storage off: the answers are still saved on leaving the screen.
  }
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
  const [open, setOpen] = useState(Boolean(value));
  if (readOnly && !value) return null;
  if (!open)
    return (
      <Anchor
        component="button"
        type="button"
        fz="sm"
        mih={24}
        style={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center' }}
        onClick={() => setOpen(true)}
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
 * The questionnaire (spec 002 §2 Questionnaire): the pinned template's groups in FORM or TABLE
 * layout, every question type, child questions under the chosen option, a comment per question.
 * Changed answers are kept as a draft at once and saved on Save and on leaving the screen;
 * read-only when the server says the inspection is not editable.
 */
export function QuestionnaireTab({ divisionId, inspectionId }: { divisionId: string; inspectionId: string }) {
  const { data, error, mutate } = useQuestionnaire(divisionId, inspectionId);
  if (error) return <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>;
  if (!data)
    return (
      <Stack>
        <Skeleton h={28} w={240} />
        <Skeleton h={160} />
      </Stack>
    );
  return (
    <QuestionnaireForm
      key={data.answersVersion}
      divisionId={divisionId}
      inspectionId={inspectionId}
      data={data}
      reload={() => void mutate()}
    />
  );
}

function QuestionnaireForm({
  divisionId,
  inspectionId,
  data,
  reload,
}: {
  divisionId: string;
  inspectionId: string;
  data: Questionnaire;
  reload: () => void;
}) {
  const restored = useMemo(() => {
    const draft = readDraft(inspectionId);
    return draft && draft.answersVersion === data.answersVersion && data.editable ? draft : null;
  }, [inspectionId, data.answersVersion, data.editable]);
  const [answers, setAnswers] = useState<Answers>(() => ({
    ...Object.fromEntries(data.answers.map((a) => [a.questionId, a.value])),
    ...(restored?.answers ?? {}),
  }));
  const [comments, setComments] = useState<Record<string, string | null>>(() => ({
    ...Object.fromEntries(data.comments.map((c) => [c.questionId, c.comment])),
    ...(restored?.comments ?? {}),
  }));
  const changed = useRef<Draft>({
    answersVersion: data.answersVersion,
    answers: restored?.answers ?? {},
    comments: restored?.comments ?? {},
  });
  const [dirty, setDirty] = useState(Boolean(restored));
  const [saving, setSaving] = useState(false);
  const readOnly = !data.editable;
  // The leaving-the-screen save settles after the form is gone: it must not reload or set state.
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const save = useCallback(
    async (quiet: boolean) => {
      const draft = changed.current;
      if (Object.keys(draft.answers).length === 0 && Object.keys(draft.comments).length === 0) return;
      // Taken at once: the save re-reads the questionnaire, which remounts this form, whose
      // leaving-the-screen save must then find nothing left to send.
      changed.current = { answersVersion: draft.answersVersion + 1, answers: {}, comments: {} };
      setSaving(true);
      const id = `save-${inspectionId}`;
      if (!quiet)
        notifications.show({ id, loading: true, title: 'Saving inspection', message: '', autoClose: false });
      try {
        await saveInspection(divisionId, inspectionId, {
          answersVersion: draft.answersVersion,
          answers: Object.entries(draft.answers).map(([questionId, value]) => ({ questionId, value })),
          comments: Object.entries(draft.comments).map(([questionId, comment]) => ({ questionId, comment })),
        });
        writeDraft(inspectionId, null);
        if (mounted.current) setDirty(false);
        notifications.update({
          id,
          loading: false,
          color: 'teal',
          title: 'Inspection saved!',
          message: '',
          autoClose: 2000,
        });
        if (quiet)
          notifications.show({ color: 'teal', title: 'Inspection saved!', message: '', autoClose: 2000 });
      } catch (failure) {
        notifications.hide(id);
        // Spec 002 §8: a persistent toast, then the inspection reloads and the form resets.
        notifications.show({
          color: 'red',
          title: `Cannot save inspection because of error: ${errorMessage(failure, 'Unknown Error')}`,
          message: '',
          autoClose: false,
        });
        writeDraft(inspectionId, null);
        if (mounted.current) reload();
      } finally {
        if (mounted.current) setSaving(false);
      }
    },
    [divisionId, inspectionId, reload],
  );

  // Leaving the screen (another tab, another page) saves what changed.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => () => void saveRef.current(true), []);

  const setAnswer = (question: Question, value: AnswerValue) => {
    setAnswers((all) => ({ ...all, [question.id]: value }));
    changed.current = { ...changed.current, answers: { ...changed.current.answers, [question.id]: value } };
    writeDraft(inspectionId, changed.current);
    setDirty(true);
  };
  const setComment = (question: Question, value: string | null) => {
    setComments((all) => ({ ...all, [question.id]: value }));
    changed.current = { ...changed.current, comments: { ...changed.current.comments, [question.id]: value } };
    writeDraft(inspectionId, changed.current);
    setDirty(true);
  };

  const asked = new Set(
    askedQuestions({ question_groups: data.template.question_groups }, answers).map((q) => q.id),
  );
  const context = { nowLocal: data.nowLocal, findingOffer: new Set(data.findingOffer.map((f) => f.id)) };

  // data-question: one question's control, whatever its type, for the browser tests to find.
  const field = (question: Question, hideLabel = false) => (
    <div data-question={question.id}>
      <QuestionField
        question={question}
        value={answers[question.id]}
        onChange={(value) => setAnswer(question, value)}
        readOnly={readOnly}
        error={answerIssue(question, answers[question.id] ?? null, context)}
        nowLocal={data.nowLocal}
        findingOffer={data.findingOffer}
        hideLabel={hideLabel}
      />
    </div>
  );

  const withChildren = (question: Question): React.ReactNode => (
    <Stack gap={6} key={question.id}>
      {field(question)}
      {question.question_type_id !== 'descriptive_text' && (
        <CommentField
          question={question}
          value={comments[question.id] ?? undefined}
          onChange={(v) => setComment(question, v)}
          readOnly={readOnly}
        />
      )}
      {question.options.flatMap((o) => o.child_questions).filter((c) => asked.has(c.id)).length > 0 && (
        <Box pl="md" style={{ borderLeft: '3px solid var(--mantine-color-harbor-2)' }}>
          <Stack gap="sm">
            {question.options
              .flatMap((o) => o.child_questions)
              .filter((c) => asked.has(c.id))
              .map((child) => withChildren(child))}
          </Stack>
        </Box>
      )}
    </Stack>
  );

  const groupView = (group: QuestionGroup) => {
    const questions = [...group.questions].sort((a, b) => a.sort_order - b.sort_order);
    return (
      <Paper key={group.id} radius="lg" p="md" withBorder>
        <Title order={3} fz="lg" mb={4}>
          {group.name}
        </Title>
        {group.description && (
          <Text fz="sm" c="dimmed" mb="sm">
            {group.description}
          </Text>
        )}
        {group.layout_type === 'TABLE' ? (
          // On a phone each question's options go below its label (stacked-table.module.css).
          <Table.ScrollContainer
            minWidth={320}
            className={stacked.stacked}
            classNames={{ scrollContainerInner: stacked.inner }}
          >
            <Table verticalSpacing="sm">
              {group.table_headers.length > 0 && (
                <Table.Thead>
                  <Table.Tr>
                    {group.table_headers.map((h) => (
                      <Table.Th key={h}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
              )}
              <Table.Tbody>
                {questions.map((q) => (
                  <Table.Tr key={q.id}>
                    <Table.Td fz="sm" fw={500} w="45%">
                      {q.input_label}
                      {q.required && (
                        <Text span c="red">
                          {' '}
                          *
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{field(q, true)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Grid gap="md">
            {questions.map((q) => (
              <Grid.Col
                key={q.id}
                span={{ base: 12, sm: Math.max(3, Math.round((q.questionWidth / 100) * 12)) }}
              >
                {withChildren(q)}
              </Grid.Col>
            ))}
          </Grid>
        )}
      </Paper>
    );
  };

  return (
    <Stack>
      {readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          This inspection is read-only.
        </Alert>
      )}
      {restored && (
        <Alert color="blue" variant="light">
          Answers you had not saved were restored: save them, or they are saved when you leave this screen.
        </Alert>
      )}
      {[...data.template.question_groups]
        .sort((a, b) => a.order - b.order)
        .map((g) => (
          <Fragment key={g.id}>{groupView(g)}</Fragment>
        ))}
      {!readOnly && (
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          style={{ background: 'var(--mantine-color-body)' }}
        >
          <Text fz="sm" c="dimmed">
            {dirty ? 'Unsaved changes: saved when you leave this screen' : 'All changes saved'}
          </Text>
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            loading={saving}
            disabled={!dirty}
            onClick={() => void save(false)}
          >
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
