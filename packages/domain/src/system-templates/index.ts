import type { TemplateVersion } from '../template-model';
import { CDOT } from './cdot';
import { DELAWARE } from './delaware';
import { EPA_CGP } from './epa-cgp';
import { ROUTINE_STORMWATER } from './routine-stormwater';

/** The system templates (isUserTemplate false: 'System Templates can not be edited at this time.'). */
export const SYSTEM_TEMPLATES: readonly TemplateVersion[] = [ROUTINE_STORMWATER, DELAWARE, EPA_CGP, CDOT];
