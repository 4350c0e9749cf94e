import type { ReactNode } from 'react';
import { Box, Grid, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { answerIssue, askedQuestions } from '@stormline/domain/questionnaire-rules';
import type { Answers, AnswerValue } from '@stormline/domain/questionnaire-rules';
import type { Question, QuestionGroup } from '@stormline/domain/template-model';
import stacked from '../data-table/stacked-table.module.css';
import { QuestionField, type FindingOffer } from './question-field';

export interface QuestionnaireGroupsProps {
  groups: readonly QuestionGroup[];
  answers: Answers;
  onAnswer: (question: Question, value: AnswerValue) => void;
  readOnly: boolean;
  nowLocal: string;
  findingOffer: FindingOffer;
  /** Under a question's control: what the inspection adds there (a conflict between two answers). */
  belowField?: (question: Question) => ReactNode;
  /** Under a whole question: its comment. */
  afterQuestion?: (question: Question) => ReactNode;
}

/**
 * The questionnaire's groups as an inspector sees them (spec 002 §2 Questionnaire): FORM groups as
 * a grid of questions at their widths, TABLE groups as rows, child questions under the chosen
 * option. The inspection screen and the template editor's preview both render it, so an author
 * sees exactly what an inspector will.
 */
export function QuestionnaireGroups({
  groups,
  answers,
  onAnswer,
  readOnly,
  nowLocal,
  findingOffer,
  belowField,
  afterQuestion,
}: QuestionnaireGroupsProps) {
  const asked = new Set(askedQuestions({ question_groups: [...groups] }, answers).map((q) => q.id));
  const context = { nowLocal, findingOffer: new Set(findingOffer.map((f) => f.id)) };

  // data-question: one question's control, whatever its type, for the browser tests to find.
  const field = (question: Question, hideLabel = false) => (
    <div data-question={question.id}>
      <QuestionField
        question={question}
        value={answers[question.id]}
        onChange={(value) => onAnswer(question, value)}
        readOnly={readOnly}
        error={answerIssue(question, answers[question.id] ?? null, context)}
        nowLocal={nowLocal}
        findingOffer={findingOffer}
        hideLabel={hideLabel}
      />
      {belowField?.(question)}
    </div>
  );

  /** The child questions of `question` that its answer opens (spec 002 §2: asked under the chosen option). */
  const askedChildren = (question: Question) =>
    question.options.flatMap((o) => o.child_questions).filter((c) => asked.has(c.id));
  const childIds = new Set(
    groups.flatMap((g) =>
      g.questions.flatMap((q) => q.options.flatMap((o) => o.child_questions.map((c) => c.id))),
    ),
  );

  const withChildren = (question: Question): ReactNode => {
    const children = askedChildren(question);
    return (
      <Stack gap={6} key={question.id}>
        {field(question)}
        {afterQuestion?.(question)}
        {children.length > 0 && (
          <Box pl="md" style={{ borderLeft: '3px solid var(--mantine-color-harbor-2)' }}>
            <Stack gap="sm">{children.map((child) => withChildren(child))}</Stack>
          </Box>
        )}
      </Stack>
    );
  };

  // A TABLE group asks an opened child question in the row below its parent's, indented.
  const tableRows = (group: QuestionGroup, questions: Question[]) => (
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
              {group.table_headers.map((h, index) => (
                <Table.Th key={`${index}-${h}`}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {questions
            .flatMap((q) => [q, ...askedChildren(q)])
            .map((q) => (
              <Table.Tr key={q.id}>
                <Table.Td fz="sm" fw={500} w="45%" pl={childIds.has(q.id) ? 'xl' : undefined}>
                  {/* One box: on a phone the cell is a grid, and a loose asterisk took a line of its own. */}
                  <span>
                    {q.input_label}
                    {q.required && (
                      <Text span inherit c="red">
                        {' '}
                        *
                      </Text>
                    )}
                  </span>
                </Table.Td>
                <Table.Td>{field(q, true)}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
          tableRows(group, questions)
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

  return <>{[...groups].sort((a, b) => a.order - b.order).map(groupView)}</>;
}
