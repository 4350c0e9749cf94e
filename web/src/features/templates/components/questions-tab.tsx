import { useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconCornerDownRight,
  IconPencil,
  IconPlus,
  IconSquareCheck,
  IconTrash,
} from '@tabler/icons-react';
import {
  FEATURE_LABELS,
  QUESTION_TYPES,
  type Question,
  type QuestionGroup,
  type QuestionOption,
} from '@stormline/domain/template-model';
import { actionError, ConfirmModal } from '../../../components/confirm-modal';
import type { EditorTabProps } from '../api/templates';
import { GroupModal } from './group-modal';
import { QuestionModal, questionValues, type QuestionFields } from './question-modal';

const typeLabel = (question: Question) =>
  QUESTION_TYPES.find((t) => t.id === question.question_type_id)?.label ?? question.question_type_id;
const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.order - b.order);
const bySortOrder = (questions: readonly Question[]) =>
  [...questions].sort((a, b) => a.sort_order - b.sort_order);

/**
 * Focuses the move button a keyboard user pressed once the list is drawn in its new order, or,
 * when the item reached the end and that button is now disabled, the one moving it back.
 */
function refocus(attribute: MoveAttribute, id: string, direction: 'up' | 'down') {
  requestAnimationFrame(() => {
    const button = (way: 'up' | 'down') =>
      document.querySelector<HTMLButtonElement>(`[${attribute}="${id}-${way}"]`);
    const pressed = button(direction);
    (pressed && !pressed.disabled ? pressed : button(direction === 'up' ? 'down' : 'up'))?.focus();
  });
}

type MoveAttribute = 'data-group-move' | 'data-question-move';

/**
 * A group's or a question's buttons: Move up and Move down (a press that cannot move is disabled),
 * Edit and Delete, each named for the part ('Move group Site up', 'Edit Weather').
 */
function PartActions({
  name,
  move,
  onEdit,
  onDelete,
}: {
  name: string;
  /** Null for a child question: it stays under its option. */
  move: { attribute: MoveAttribute; id: string; up: (() => void) | null; down: (() => void) | null } | null;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const moveButton = (direction: 'up' | 'down', Icon: typeof IconArrowUp) =>
    move && (
      <ActionIcon
        variant="subtle"
        color="gray"
        size={32}
        aria-label={`Move ${name} ${direction}`}
        {...{ [move.attribute]: `${move.id}-${direction}` }}
        disabled={!move[direction]}
        onClick={() => move[direction]?.()}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    );
  return (
    <Group gap={2} wrap="nowrap">
      {moveButton('up', IconArrowUp)}
      {moveButton('down', IconArrowDown)}
      <ActionIcon variant="subtle" color="gray" size={32} aria-label={`Edit ${name}`} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size={32} aria-label={`Delete ${name}`} onClick={onDelete}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

type QuestionDialog =
  | { mode: 'create'; group: QuestionGroup; under?: { question: Question; option: QuestionOption } }
  | { mode: 'edit'; group: QuestionGroup; question: Question; child: boolean };

type Removal = { kind: 'group'; group: QuestionGroup } | { kind: 'question'; question: Question };

/**
 * The Questions tab (spec 002 §2): the question groups in order, each with its questions and, under
 * an option, the child questions asked when it is chosen. Groups and questions move up and down
 * with buttons, so the order can be changed with the keyboard alone (a group's move is the spec's
 * swap of two groups).
 */
export function QuestionsTab({ view, edit, editable }: EditorTabProps) {
  const content = view.content;
  const groups = byOrder(content.question_groups);
  const [groupDialog, setGroupDialog] = useState<{ group: QuestionGroup | null } | null>(null);
  const [questionDialog, setQuestionDialog] = useState<QuestionDialog | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  // One press at a time: a press while a move is saving is ignored, as it was aimed at the old order.
  // The buttons stay enabled meanwhile, so the keyboard's focus stays on the one pressed; the list
  // says it is busy instead.
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);

  /** A change made with one press (a move, the Condition Group): a refusal is shown as a notification. */
  const act = async (run: () => Promise<unknown>, failureTitle: string) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      await run();
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: failureTitle,
        message: actionError(failure),
        autoClose: 8000,
      });
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const swapGroups = (group: QuestionGroup, other: QuestionGroup, direction: 'up' | 'down') =>
    act(async () => {
      await edit('swapQuestionGroups', {
        params: { templateId: view.id },
        body: { groupId1: group.id, groupId2: other.id },
      });
      refocus('data-group-move', group.id, direction);
    }, 'The groups were not moved');

  const moveQuestion = (
    group: QuestionGroup,
    question: Question,
    position: number,
    direction: 'up' | 'down',
  ) =>
    act(async () => {
      await edit('updateQuestion', {
        params: { id: question.id },
        body: {
          ...questionValues(question, group.id),
          questionWidth: question.questionWidth,
          sort_order: position,
        },
      });
      refocus('data-question-move', question.id, direction);
    }, 'The question was not moved');

  const saveQuestion = async (dialog: QuestionDialog, values: QuestionFields) => {
    if (dialog.mode === 'create') {
      const { groupId: _ignored, sort_order: _unused, ...fields } = values;
      await edit('createQuestion', {
        body: {
          ...fields,
          groupId: dialog.group.id,
          ...(dialog.under
            ? { parentQuestionId: dialog.under.question.id, optionId: dialog.under.option.id }
            : {}),
        },
      });
      return;
    }
    const { groupId, ...fields } = values;
    // A child question stays under its option: only a top-level question names a group.
    const moved = !dialog.child && groupId && groupId !== dialog.group.id;
    await edit('updateQuestion', {
      params: { id: dialog.question.id },
      body: moved ? { ...fields, groupId } : fields,
    });
  };

  const questionRow = (group: QuestionGroup, question: Question, siblings: Question[] | null) => {
    const index = siblings?.indexOf(question) ?? -1;
    return (
      <Group
        key={question.id}
        justify="space-between"
        gap="xs"
        wrap="wrap"
        py={6}
        data-editor-question={question.id}
      >
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {question.input_label}
            {question.required && (
              <Text span inherit c="red" aria-label="required">
                {' '}
                *
              </Text>
            )}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color="gray" size="sm">
              {typeLabel(question)}
            </Badge>
            {group.layout_type === 'FORM' && question.questionWidth !== 100 && (
              <Badge variant="outline" color="gray" size="sm">
                {question.questionWidth}% wide
              </Badge>
            )}
            {question.features.map((feature) => (
              <Badge
                key={feature}
                variant="light"
                color="harbor"
                size="sm"
                leftSection={<IconSquareCheck size={12} />}
              >
                {FEATURE_LABELS[feature]}
              </Badge>
            ))}
          </Group>
        </Stack>
        {editable && (
          <PartActions
            name={question.input_label}
            move={
              siblings && {
                attribute: 'data-question-move',
                id: question.id,
                up: index > 0 ? () => void moveQuestion(group, question, index - 1, 'up') : null,
                down:
                  index < siblings.length - 1
                    ? () => void moveQuestion(group, question, index + 1, 'down')
                    : null,
              }
            }
            onEdit={() => setQuestionDialog({ mode: 'edit', group, question, child: siblings === null })}
            onDelete={() => setRemoval({ kind: 'question', question })}
          />
        )}
      </Group>
    );
  };

  /** The options that open further questions, with those questions; Add question under an option picks which. */
  const optionsWithChildren = (group: QuestionGroup, question: Question) => {
    if (question.options.length === 0) return null;
    const opening = question.options.filter((o) => o.child_questions.length > 0);
    return (
      <Stack gap={4} pl="md" pb={6} style={{ borderLeft: '3px solid var(--mantine-color-harbor-2)' }}>
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Options: {question.options.map((o) => o.name).join(', ')}
        </Text>
        {opening.map((option) => (
          <Box key={option.id}>
            <Group gap={6} wrap="nowrap">
              <IconCornerDownRight size={14} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text fz="sm" c="dimmed">
                When <b>{option.name}</b> is chosen
              </Text>
            </Group>
            <Box pl="lg">
              {bySortOrder(option.child_questions).map((child) => questionRow(group, child, null))}
            </Box>
          </Box>
        ))}
        {editable && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="subtle"
                size="compact-xs"
                w="fit-content"
                mih={24}
                leftSection={<IconPlus size={14} aria-hidden />}
                aria-label={`Add question under an option of ${question.input_label}`}
              >
                Add question under an option
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Asked when this option is chosen</Menu.Label>
              {question.options.map((option) => (
                <Menu.Item
                  key={option.id}
                  onClick={() => setQuestionDialog({ mode: 'create', group, under: { question, option } })}
                >
                  {option.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Stack>
    );
  };

  const groupCard = (group: QuestionGroup, index: number) => {
    const questions = bySortOrder(group.questions);
    return (
      <Paper key={group.id} withBorder radius="md" p="md" data-editor-group={group.id}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color={group.layout_type === 'TABLE' ? 'grape' : 'blue'} size="sm">
                {group.layout_type === 'TABLE' ? 'Table' : 'Form'}
              </Badge>
              <Text fz="xs" c="dimmed">
                {questions.length} {questions.length === 1 ? 'question' : 'questions'}
              </Text>
            </Group>
            {group.description && (
              <Text fz="sm" c="dimmed">
                {group.description}
              </Text>
            )}
          </Stack>
          {editable && (
            <PartActions
              name={`group ${group.name}`}
              move={{
                attribute: 'data-group-move',
                id: group.id,
                up: index > 0 ? () => void swapGroups(group, groups[index - 1]!, 'up') : null,
                down:
                  index < groups.length - 1 ? () => void swapGroups(group, groups[index + 1]!, 'down') : null,
              }}
              onEdit={() => setGroupDialog({ group })}
              onDelete={() => setRemoval({ kind: 'group', group })}
            />
          )}
        </Group>
        <Stack gap={0} mt="sm">
          {questions.length === 0 && (
            <Text fz="sm" c="dimmed">
              No questions in this group yet.
            </Text>
          )}
          {questions.map((question) => (
            <Box key={question.id} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              {questionRow(group, question, questions)}
              {optionsWithChildren(group, question)}
            </Box>
          ))}
        </Stack>
        {editable && (
          <Button
            mt="sm"
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            aria-label={`Add question to ${group.name}`}
            onClick={() => setQuestionDialog({ mode: 'create', group })}
          >
            Add question
          </Button>
        )}
      </Paper>
    );
  };

  const dialogGroup = questionDialog?.group;
  return (
    <Stack gap="md" aria-busy={saving} data-questions-tab>
      {editable && (
        <Group gap="sm">
          <Button leftSection={<IconPlus size={18} />} onClick={() => setGroupDialog({ group: null })}>
            Add group
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void act(async () => {
                await edit('applyConditionGroup', { params: { id: view.id } });
                notifications.show({
                  color: 'teal',
                  title: 'Condition Group applied',
                  message: 'Findings of this template now take a condition.',
                });
              }, 'Condition Group')
            }
          >
            Apply Condition Group
          </Button>
        </Group>
      )}
      {content.condition_options.length > 0 && (
        <Text fz="sm" c="dimmed" data-testid="condition-group">
          Condition Group: {content.condition_options.map((o) => o.label).join(', ')}
        </Text>
      )}
      {groups.length === 0 ? (
        <Alert color="gray" variant="light">
          This template has no question groups yet.{editable && ' Add a group, then its questions.'}
        </Alert>
      ) : (
        groups.map(groupCard)
      )}
      <GroupModal
        opened={groupDialog !== null}
        onClose={() => setGroupDialog(null)}
        title={groupDialog?.group ? 'Edit group' : 'Add group'}
        submitLabel={groupDialog?.group ? 'Save' : 'Add group'}
        initial={
          groupDialog?.group
            ? {
                name: groupDialog.group.name,
                layout_type: groupDialog.group.layout_type,
                description: groupDialog.group.description,
                table_headers: groupDialog.group.table_headers,
              }
            : { name: '', layout_type: 'FORM', description: null, table_headers: [] }
        }
        onSubmit={async (values) => {
          const group = groupDialog?.group;
          if (group)
            await edit('updateQuestionGroup', {
              params: { templateId: view.id, groupId: group.id },
              body: values,
            });
          else await edit('createQuestionGroup', { params: { templateId: view.id }, body: values });
        }}
      />
      <QuestionModal
        opened={questionDialog !== null}
        onClose={() => setQuestionDialog(null)}
        title={
          questionDialog?.mode === 'edit'
            ? 'Edit question'
            : questionDialog?.under
              ? `Add a question under ${questionDialog.under.option.name}`
              : `Add a question to ${questionDialog?.group.name ?? ''}`
        }
        submitLabel={questionDialog?.mode === 'edit' ? 'Save' : 'Add question'}
        initial={questionValues(
          questionDialog?.mode === 'edit' ? questionDialog.question : null,
          dialogGroup?.id ?? '',
        )}
        tableLayout={
          dialogGroup?.layout_type === 'TABLE' &&
          !(questionDialog?.mode === 'create' && questionDialog.under) &&
          !(questionDialog?.mode === 'edit' && questionDialog.child)
        }
        groups={
          questionDialog?.mode === 'edit' && !questionDialog.child
            ? groups.map((g) => ({ value: g.id, label: g.name }))
            : []
        }
        settings={
          questionDialog?.mode === 'edit'
            ? {
                question: questionDialog.question,
                onSave: async (values) => {
                  await edit('updateQuestionConfig', {
                    params: { questionId: questionDialog.question.id },
                    body: {
                      items: Object.entries(values).map(([questionFieldId, value]) => ({
                        questionId: questionDialog.question.id,
                        questionFieldId,
                        value: value === '' ? null : value,
                      })),
                    },
                  });
                },
              }
            : undefined
        }
        onSubmit={async (values) => {
          if (questionDialog) await saveQuestion(questionDialog, values);
        }}
      />
      <ConfirmModal
        opened={removal !== null}
        onClose={() => setRemoval(null)}
        title={removal?.kind === 'group' ? 'Delete group' : 'Delete question'}
        confirmLabel="Delete"
        requireUnderstanding
        onConfirm={async () => {
          if (removal?.kind === 'group')
            await edit('deleteQuestionGroup', { params: { templateId: view.id, groupId: removal.group.id } });
          else if (removal) await edit('deleteQuestion', { params: { id: removal.question.id } });
          setRemoval(null);
        }}
      >
        {removal?.kind === 'group' ? (
          <>
            Delete the group <b>{removal.group.name}</b> and its {removal.group.questions.length} questions
            from the draft? Published versions, and the inspections made with them, keep them.
          </>
        ) : (
          <>
            Delete the question <b>{removal?.kind === 'question' ? removal.question.input_label : ''}</b>
            {removal?.kind === 'question' &&
            removal.question.options.some((o) => o.child_questions.length > 0)
              ? ' and the questions under its options'
              : ''}{' '}
            from the draft? Published versions keep it.
          </>
        )}
      </ConfirmModal>
    </Stack>
  );
}
