import { AnnotationCommand } from '@stormline/contract/xfdf-read';
import { annotateRefusal, readableDocumentById, saveAnnotationCommand } from '../lib/annotations';
import { postToChannel } from '../lib/realtime';
import type { SocketAction } from './actions';

/**
 * The 'xfdf' action (spec 001 §3, §7): an annotation command from the viewer. The document must be
 * the caller's to read (else 404, as its channel answers) and to annotate (all Annotations, not
 * the public view, not an archived project); the XFDF is checked whole ('Unknown annotation
 * action' for anything else) and stored, and the stored command goes to the document's other
 * viewers on `xfdf:{uploadId}`, never back to the sender. The reply says when it was saved.
 */
export const xfdfAction: SocketAction<typeof AnnotationCommand> = {
  body: AnnotationCommand,
  async run({ deps, caller, divisionId, connectionId, body }) {
    const doc = await readableDocumentById(deps, caller, divisionId, body.uploadId, body.projectId);
    const refusal = await annotateRefusal(deps, caller, doc);
    if (refusal) throw refusal;
    const stored = await saveAnnotationCommand(deps, caller, doc, body.xfdfValue);
    const savedAt = deps.now().toISOString();
    if (stored)
      await postToChannel(
        deps,
        `xfdf:${doc.id}`,
        {
          command: {
            isCommand: true,
            key: body.key,
            xfdfValue: stored,
            projectId: body.projectId ?? null,
            uploadId: doc.id,
          },
        },
        { except: connectionId },
      );
    return { saved: stored !== null, savedAt };
  },
};
