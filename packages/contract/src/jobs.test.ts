import { describe, expect, it } from 'vitest';
import { BEGIN_ACTIONS } from '@stormline/domain/reports';
import { CONVERSION_DEFINITION_PATH, REPORT_DEFINITION_PATH, taskFolderOf, tasksOfDefinition } from './jobs';
import { SOCKET_MESSAGE_ROUTES, socketRouteOf } from './socket-routes';

describe('state machine tasks', () => {
  it("map each Task to a module in its own definition's folder", () => {
    expect(taskFolderOf(CONVERSION_DEFINITION_PATH)).toBe('jobs/convert');
    expect(taskFolderOf(REPORT_DEFINITION_PATH)).toBe('jobs/report');
    const definition = {
      States: {
        Plan: { Type: 'Task', Resource: '${PlanFunctionArn}' },
        Parts: {
          Type: 'Map',
          ItemProcessor: { States: { RenderPart: { Type: 'Task', Resource: '${RenderPartFunctionArn}' } } },
        },
      },
    };
    expect(tasksOfDefinition(definition, 'jobs/report')).toEqual([
      { state: 'Plan', substitution: 'PlanFunctionArn', module: 'jobs/report/plan' },
      { state: 'RenderPart', substitution: 'RenderPartFunctionArn', module: 'jobs/report/render-part' },
    ]);
    expect(() => taskFolderOf('functions/src/other.json')).toThrow();
  });
});

describe('the socket message routes', () => {
  it('send the six begin:{job} actions to the one print module', () => {
    for (const action of BEGIN_ACTIONS) {
      expect(socketRouteOf(action)).toBe(action);
      expect(SOCKET_MESSAGE_ROUTES[action].module).toBe('ws/begin-report-message');
    }
    expect(socketRouteOf('begin:nothing')).toBe('$default');
  });
});
