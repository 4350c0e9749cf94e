import { useDeferredValue, useState, type ComponentType } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  movedWidget,
  toggledWidth,
  type WidgetName,
  type WidgetSetting,
} from '@stormline/domain/dashboard-rules';
import { errorMessage } from '../../../lib/errors';
import { useMountedInTurn } from '../../../lib/use-mounted-in-turn';
import { saveWidgetLayout, useWidgetLayout } from '../api/dashboard';
import { SuccessCheckProvider, useCelebrate } from './success-check';
import { WidgetFrame, type WidgetChrome } from './widget-frame';
import { WidgetsSettingDrawer } from './widgets-setting-drawer';
import { CertificationsDueWidget } from './widgets/certifications-due';
import { FindingsOverviewWidget } from './widgets/findings-overview';
import { InspectionCalendarWidget } from './widgets/inspection-calendar';
import { InspectionsDueWidget } from './widgets/inspections-due';
import { OpenFindingsWidget } from './widgets/open-findings';
import { TeamManagementWidget } from './widgets/team-management';
import classes from './dashboard-board.module.css';

interface WidgetProps {
  chrome: WidgetChrome;
  divisionId: string;
  mayCertify: boolean;
  mayStart: boolean;
}

const WIDGETS: Record<WidgetName, ComponentType<WidgetProps>> = {
  'Certifications Due': CertificationsDueWidget,
  'Findings Overview': FindingsOverviewWidget,
  'Open Findings': OpenFindingsWidget,
  'Team Management': TeamManagementWidget,
  'Inspections Due': InspectionsDueWidget,
  'Inspection Calendar': InspectionCalendarWidget,
};

interface BoardProps {
  divisionId: string;
  /** Certify Now (all on Certify, spec 000 §6). */
  mayCertify: boolean;
  /** Start Inspection (update on Inspection, spec 000 §6). */
  mayStart: boolean;
}

/** Spec 000 §9: the layout switches to the narrow form below 700 px. */
const NARROW = '(max-width: 699px)';

/**
 * Whether the screen is narrow, read at the first render: read in an effect (Mantine's default),
 * a phone first laid every widget out wide and then rendered the whole board again narrow.
 */
const useNarrow = () => useMediaQuery(NARROW, undefined, { getInitialValueInEffect: false });

function SortableWidget({
  setting,
  props,
}: {
  setting: WidgetSetting;
  props: Omit<WidgetProps, 'chrome'> & { narrow: boolean; onToggleWidth: () => void };
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: setting.name,
  });
  const Widget = WIDGETS[setting.name];
  const span = props.narrow ? 12 : setting.width;
  // Each widget mounts (and starts its reads) in a task of its own, in the order of the board.
  const mounted = useMountedInTurn();
  const chrome: WidgetChrome = {
    name: setting.name,
    width: setting.width,
    narrow: props.narrow,
    onToggleWidth: props.onToggleWidth,
    dragHandle: { attributes, listeners },
  };
  return (
    <div
      ref={setNodeRef}
      className={classes.cell}
      style={{
        gridColumn: `span ${span}`,
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {mounted ? (
        <Widget
          divisionId={props.divisionId}
          mayCertify={props.mayCertify}
          mayStart={props.mayStart}
          chrome={chrome}
        />
      ) : (
        <WidgetFrame chrome={chrome} waiting />
      )}
    </div>
  );
}

function Board({ divisionId, mayCertify, mayStart }: BoardProps) {
  const layout = useWidgetLayout(divisionId);
  const narrow = useNarrow();
  // The widgets mount in a transition React renders in slices, so the page answers input while
  // six widgets build (an SWR answer alone renders at once, in one long task). Once mounted, the
  // live layout: a saved order shows at once, never the old one for a render.
  const mounted = useDeferredValue(layout.data);
  const data = mounted && (layout.data ?? mounted);
  // A new order not saved yet: the Save button shows while there is one (spec 000 §2).
  const [draft, setDraft] = useState<WidgetSetting[] | null>(null);
  const [settingOpen, setSettingOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const celebrate = useCelebrate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (layout.error)
    return (
      <Alert color="red" variant="light" title="The dashboard could not be loaded">
        {errorMessage(layout.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void layout.mutate()}>
          Try again
        </Button>
      </Alert>
    );
  if (!data) return <BoardSkeleton />;
  if (data.kind === 'contractor') return <ContractorWidgets divisionId={divisionId} mayStart={mayStart} />;
  const widgets = draft ?? data.widgets;

  const save = async (next: WidgetSetting[], message: string) => {
    setSaving(true);
    try {
      await saveWidgetLayout(next);
      setDraft(null);
      celebrate(message);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The dashboard could not be saved',
        message: errorMessage(error),
      });
    } finally {
      setSaving(false);
    }
  };

  const placeOf = (id: string | number) => widgets.findIndex((w) => w.name === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${active.id}, place ${placeOf(active.id)} of ${widgets.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${active.id} moved to place ${placeOf(over.id)} of ${widgets.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${active.id} dropped at place ${placeOf(over.id)}. Save to keep the new order.`
        : `${active.id} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. ${active.id} is back in its place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setDraft(movedWidget(widgets, placeOf(active.id) - 1, placeOf(over.id) - 1));
  };

  return (
    <>
      <Group justify="flex-end" gap="xs">
        {draft && (
          <>
            <Text fz="sm" c="dimmed" aria-live="polite">
              The new order is not saved yet.
            </Text>
            <Button variant="default" size="xs" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={14} />}
              loading={saving}
              onClick={() => void save(draft, 'Dashboard saved')}
            >
              Save
            </Button>
          </>
        )}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconSettings size={14} />}
          onClick={() => setSettingOpen(true)}
        >
          Widgets Setting
        </Button>
      </Group>
      {widgets.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <IconLayoutDashboard size={32} stroke={1.4} aria-hidden />
          <Text fw={600} mt="xs">
            No widgets are switched on
          </Text>
          <Text fz="sm" c="dimmed">
            Open Widgets Setting to choose what your dashboard shows.
          </Text>
        </Paper>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To move a widget, press space or enter to pick it up, use the arrow keys to move it, and press space or enter again to drop it. Escape cancels.',
            },
          }}
        >
          <SortableContext items={widgets.map((w) => w.name)} strategy={rectSortingStrategy}>
            <div className={classes.grid} data-testid="dashboard-grid" data-narrow={narrow || undefined}>
              {widgets.map((setting, index) => (
                <SortableWidget
                  key={setting.name}
                  setting={setting}
                  props={{
                    divisionId,
                    mayCertify,
                    mayStart,
                    narrow,
                    onToggleWidth: () =>
                      void save(
                        widgets.map((w, i) => (i === index ? { ...w, width: toggledWidth(w.width) } : w)),
                        setting.width === 6 ? `${setting.name} widened` : `${setting.name} narrowed`,
                      ),
                  }}
                />
              ))}
            </div>
          </SortableContext>
        </DndContext>
      )}
      {settingOpen && (
        <WidgetsSettingDrawer
          opened
          widgets={widgets}
          available={data.available}
          onClose={() => setSettingOpen(false)}
          onSave={async (next) => {
            await save(next, 'Widgets saved');
            setSettingOpen(false);
          }}
        />
      )}
    </>
  );
}

function BoardSkeleton() {
  return (
    <div className={classes.grid} aria-busy aria-label="Loading the dashboard">
      {[6, 6, 12].map((span, i) => (
        <Skeleton key={i} h={280} radius="lg" style={{ gridColumn: `span ${span}` }} />
      ))}
    </div>
  );
}

/**
 * The dashboard (spec 000 §2): the widgets, or the BMP Contractor's, as the server says; loaded
 * after the page has rendered, so the first load stays small.
 */
export default function DashboardBoard(props: BoardProps) {
  return (
    <SuccessCheckProvider>
      <Board {...props} />
    </SuccessCheckProvider>
  );
}

/**
 * The BMP Contractor's dashboard (spec 000 §2): the findings to correct, each site's with Complete
 * Findings (the Open Findings variant), and the sites' due dates.
 */
function ContractorWidgets({ divisionId, mayStart }: { divisionId: string; mayStart: boolean }) {
  const narrow = useNarrow();
  const chrome = (name: WidgetName): WidgetChrome => ({
    name,
    width: 12,
    narrow: true,
    onToggleWidth: () => {},
    dragHandle: null,
  });
  return (
    <>
      <div className={classes.grid} data-narrow={narrow || undefined}>
        <div className={classes.cell} style={{ gridColumn: 'span 12' }}>
          <OpenFindingsWidget
            chrome={chrome('Open Findings')}
            divisionId={divisionId}
            variant="complete-findings"
          />
        </div>
        <div className={classes.cell} style={{ gridColumn: 'span 12' }}>
          <InspectionsDueWidget
            chrome={chrome('Inspections Due')}
            divisionId={divisionId}
            mayStart={mayStart}
          />
        </div>
      </div>
    </>
  );
}
