import * as z from 'zod/mini';
import { AnswerValueSchema, QuestionAnswer } from './inspection-views';
import { Id } from './schemas';

/**
 * Post-storm bulk entry (spec 002 §2, §3 Post-storm question, §5 "Post-storm answers are all
 * required"): the projects chosen on the projects list, each with its template's post-storm
 * questions, and the answers sent back for all of them at once.
 */

export const POST_STORM_MAX_PROJECTS = 25;

export const PostStormQuestion = z.strictObject({
  id: z.string(),
  type: z.enum(['number', 'text', 'date', 'datetime', 'radio_group']),
  label: z.string(),
  description: z.nullable(z.string()),
  options: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  answer: z.nullable(AnswerValueSchema),
});

export const PostStormProject = z.strictObject({
  id: Id,
  name: z.string(),
  clientName: z.string(),
  /** 'YYYY-MM-DDTHH:mm' now in the project's zone: dates may not be later. */
  nowLocal: z.string(),
  questions: z.array(PostStormQuestion),
  /** Why a post-storm inspection cannot be created now, or null (000 §4's creation rule). */
  blockedReason: z.nullable(z.string()),
});

export const PostStormQuery = z.strictObject({
  /** Project ids joined by '+' (a '+' in a query arrives as a space) or ','. */
  pid: z.string().check(z.minLength(1, 'Please choose projects'), z.maxLength(2000)),
});

export const PostStormEntry = z.strictObject({
  items: z
    .array(
      z.strictObject({
        project_id: Id,
        answers: z.array(QuestionAnswer).check(z.maxLength(50)),
      }),
    )
    .check(z.minLength(1, 'Please choose projects'), z.maxLength(POST_STORM_MAX_PROJECTS)),
});

/** The ids of a `pid` query, in order, without repeats. */
export function postStormIds(pid: string): string[] {
  return [...new Set(pid.split(/[ +,]+/).filter(Boolean))];
}
