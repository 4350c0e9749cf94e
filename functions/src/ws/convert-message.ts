import { CONVERT_ACTION } from '@stormline/domain/site-maps';
import { socketAction } from './actions';
import { convertPdfPng } from './convert-pdf-png';
import { socketMessageHandler } from './socket-message';

/** The `convert:pdf:png` route (spec 002 §7): start a site map's conversion (docs/decisions/0038, 0040). */
export const handler = socketMessageHandler({ [CONVERT_ACTION]: socketAction(convertPdfPng) });
