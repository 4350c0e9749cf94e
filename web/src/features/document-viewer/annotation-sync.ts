import { annotationElement, xfdfCommand, type XfdfAnnotation } from '@stormline/contract/xfdf';

/**
 * What the viewer knows the server stores and what it still has to send (docs/decisions/0039).
 * `known` is the server's side: the stored annotations, other viewers' commands and this viewer's
 * commands once the server said ok. `pending` is this viewer's changes not yet confirmed: they stay
 * until a reply says they were saved, so a failed command (not connected, 409, a timeout) is sent
 * again (Retry, or on reconnecting), never dropped. What the engine reports back is compared by
 * content with `known`: the same annotation (as the server has it) is no change, whenever it comes.
 */

/** A change not yet confirmed: the annotation as drawn, or null for a removal. */
type Pending = XfdfAnnotation | null;

/** A command on its way, with the changes it carries (to confirm exactly those). */
export interface Outgoing {
  xfdf: string;
  sent: Map<string, Pending>;
}

const round = (value: unknown): unknown =>
  typeof value === 'number' ? Math.round(value * 100) / 100 : value;

/**
 * Whether two annotations are the same drawing: the date (the engine stamps its own) and the title
 * (the server stamps the author) aside, numbers to 0.01 point (page space turned over and back).
 */
export function sameContent(a: XfdfAnnotation, b: XfdfAnnotation): boolean {
  const key = (x: XfdfAnnotation) =>
    JSON.stringify({ ...x, date: null, title: null }, (_, value: unknown) => round(value));
  return key(a) === key(b);
}

export class AnnotationSync {
  private readonly known = new Map<string, XfdfAnnotation>();
  private readonly pending = new Map<string, Pending>();

  /** The stored annotations (GET /api/xfdf): the server's side, all at once. */
  loadStored(stored: readonly XfdfAnnotation[]): void {
    this.known.clear();
    for (const a of stored) this.known.set(a.name, a);
  }

  /** Another viewer's change arrived (and is shown): it replaces any unsent change of the same one. */
  remote(annotation: XfdfAnnotation): void {
    this.known.set(annotation.name, annotation);
    this.pending.delete(annotation.name);
  }

  remoteDelete(name: string): void {
    this.known.delete(name);
    this.pending.delete(name);
  }

  /**
   * The engine committed an annotation (null: removed). True when it is a change to send: not
   * what the server already has (an echo of a stored or remote one, or an edit undone).
   */
  local(name: string, annotation: XfdfAnnotation | null): boolean {
    const stored = this.known.get(name);
    if (annotation === null) {
      if (!stored) {
        // Drawn and removed before it was saved: nothing to tell the server.
        this.pending.delete(name);
        return false;
      }
      this.pending.set(name, null);
      return true;
    }
    if (stored && sameContent(stored, annotation)) {
      this.pending.delete(name);
      return false;
    }
    this.pending.set(name, annotation);
    return true;
  }

  /** Whether changes wait to be sent (or sent again). */
  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** The names of the changes not yet saved. */
  pendingNames(): string[] {
    return [...this.pending.keys()];
  }

  /** The command for every change not yet saved, or null when there is none. */
  outgoing(): Outgoing | null {
    if (this.pending.size === 0) return null;
    const sent = new Map(this.pending);
    const add: string[] = [];
    const modify: string[] = [];
    const remove: string[] = [];
    for (const [name, annotation] of sent) {
      if (annotation === null) remove.push(name);
      else (this.known.has(name) ? modify : add).push(annotationElement(annotation));
    }
    return { xfdf: xfdfCommand({ add, modify, delete: remove }), sent };
  }

  /** The server saved a command: its changes are known; a change made meanwhile stays pending. */
  confirm(outgoing: Outgoing): void {
    for (const [name, annotation] of outgoing.sent) {
      if (annotation === null) this.known.delete(name);
      else this.known.set(name, annotation);
      if (this.pending.get(name) === annotation) this.pending.delete(name);
    }
  }

  /** Whether the server's side has this annotation (by name). */
  isKnown(name: string): boolean {
    return this.known.has(name);
  }

  /** The names the server's side has. */
  knownNames(): string[] {
    return [...this.known.keys()];
  }

  /** The server's side of one annotation. */
  knownAnnotation(name: string): XfdfAnnotation | undefined {
    return this.known.get(name);
  }
}
