import { socketAction } from './actions';
import { socketMessageHandler } from './socket-message';
import { xfdfAction } from './xfdf';

/** The `xfdf` route (spec 001 §7): a PDF annotation command (docs/decisions/0039, 0040). */
export const handler = socketMessageHandler({ xfdf: socketAction(xfdfAction) });
