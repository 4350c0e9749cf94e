import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import {
  Alert,
  Box,
  Button,
  Drawer,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLayoutSidebarRight } from '@tabler/icons-react';
import { useSWRConfig } from 'swr';
import {
  canPlace,
  initialEditorState,
  inspectionSelectorDisabled,
  nextEditorState,
  type MapEditorAccess,
  type MapEditorEvent,
  type MapEditorState,
  type PlacedCounts,
} from '@stormline/domain/map-editor-modes';
import {
  DATA_SOURCES,
  geometryProblem,
  MAP_FINDING_DEFAULTS,
  MAP_MESSAGES,
  MAP_LIMITS,
  type PositionableType,
} from '@stormline/domain/map-features';
import { SYMBOL_EDITORS } from '@stormline/domain/map-symbol';
import { displayDate } from '@stormline/domain/local-date';
import { ServerError } from '../../../components/server-error';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { browserToday } from '../../../lib/format';
import {
  createMapNote,
  createProjectLegendItem,
  deleteMapNote,
  deleteProjectLegendItem,
  featuresKey,
  findingName,
  inspectionRefOf,
  isLegendType,
  loadFeatures,
  projectLegendKey,
  saveFeatures,
  siteMapKey,
  updateMapNote,
  updateProjectLegendItem,
  useFeatures,
  useInspectionFindings,
  useMapFinding,
  useMapNotes,
  useProjectLegendItems,
  type MapInspection,
  type SiteMap,
} from '../api/map-calls';
import {
  addFeature,
  changeFeature,
  displayedFeatures,
  draftOf,
  EMPTY_EDITS,
  keepMine,
  removeFeature,
  revertFeature,
  staleEdits,
  takeTheirs,
  toSave,
  undo,
  type DraftFeature,
  type FeatureGeometry as Geometry,
  type PendingEdits,
} from '../lib/pending-edits';
import {
  forgetMapEdits,
  readMapEdits,
  restoredQueue,
  storedEditsId,
  storeMapEdits,
  type StoredMapEdits,
} from '../lib/stored-edits';
import { clampLabel, DRAW_TOOLS, onImage, TOOL_LABELS, type DrawTool, type MapPoint } from '../lib/shapes';
import { ContextMenu, type MenuItem } from './context-menu';
import { LegendItemForm, LegendPicker, type Source } from './legend-picker';
import { MapCanvas, type MapCanvasHandle } from './map-canvas';
import { MapHeader, MapToolbar } from './map-header';
import { MapSidebar, type SidebarActions } from './map-sidebar';
import { NoteForm } from './note-form';
import './map-touch.css';

/** The finding form of the inspection workflow, composed in by the app (a feature never imports another). */
export interface FindingFormSlotProps {
  divisionId: string;
  inspectionId: string;
  /** Spec 002 §9: type CA, location 'See site inspection map for location', colour #2FF363. */
  defaults: typeof MAP_FINDING_DEFAULTS;
  onCreated: (finding: { id: string; name: string; color: string | null; location: string }) => void;
  onCancel: () => void;
}
export type FindingFormSlot = ComponentType<FindingFormSlotProps>;

export const TYPE_NAMES: Record<PositionableType, string> = {
  findings: 'Finding',
  control_measure: 'Control Measure',
  pollutant: 'Pollutant',
  commentables: 'Notes',
};

/** The tool a new source is placed with: a pin for findings and notes, its symbol's shape otherwise. */
function firstTool(type: PositionableType, source: Source | null): DrawTool {
  if (type === 'findings' || type === 'commentables') return 'point';
  const editor = source?.map_symbol?.editor;
  if (editor === SYMBOL_EDITORS.polygon) return 'polygon';
  if (editor === SYMBOL_EDITORS.circle) return 'circle';
  if (editor === SYMBOL_EDITORS.icon) return 'point';
  return 'line';
}

let newKeys = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(newKeys += 1)}`;

/** Spec 002 §8 wording for the refused save is not given: this names the features. */
const conflictTitle = 'Someone else changed this map';

/** A map note as the sidebar and the map show a source. */
function noteSource(note: { id: string; title: string; content: string }): Source {
  return {
    id: note.id,
    name: note.title,
    color: null,
    map_symbol: null,
    scope: null,
    detail: note.content,
    deleted: false,
  };
}

/** Refusals (409) that are not someone's edits: the map cannot change, now or any more. */
const NOT_EDIT_CONFLICTS: readonly string[] = [
  MAP_MESSAGES.beingSigned,
  MAP_MESSAGES.mapRemoved,
  MAP_MESSAGES.pageNotInFile,
  MAP_MESSAGES.oneNote,
];

export interface MapEditorProps {
  divisionId: string;
  siteMap: SiteMap;
  inspections: readonly MapInspection[];
  inspectionId: string | null;
  onInspection: (id: string | null) => void;
  onMap: (id: string) => void;
  access: Omit<MapEditorAccess, 'mapLocked'>;
  /** Annotations (notes), Project Legend Item create/update/delete, Findings create: spec 002 §6. */
  can: {
    notes: boolean;
    legendCreate: boolean;
    legendUpdate: boolean;
    legendDelete: boolean;
    findings: boolean;
  };
  FindingForm?: FindingFormSlot;
  /** Link to a finding's detail in the inspection workflow. */
  findingHref?: (findingId: string) => string;
  /** A finding's id to show once the map is read (?locate=, from the finding's page). */
  locate?: string | null;
  /** Pending edits exist: the screen guards leaving. */
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
}

/**
 * The site map editor (spec 002 §2, §4; docs/decisions/0041): the header and toolbar, the map, the
 * sidebar, the context menu and the source-model forms, around the mode machine of
 * packages/domain/src/map-editor-modes.ts and the pending-edits queue.
 */
export function MapEditor(props: MapEditorProps) {
  const { divisionId, siteMap, inspections, inspectionId } = props;
  const projectId = siteMap.project.id;
  const mapId = siteMap.id;
  const inspectionRef = inspectionRefOf(inspectionId);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // A finger taps, a mouse clicks: the drawing hints say which.
  const Click = (useMediaQuery('(pointer: coarse)') ?? false) ? 'Tap' : 'Click';
  const click = Click.toLowerCase();
  const { mutate } = useSWRConfig();

  const selected = inspections.find((inspection) => inspection.id === inspectionId) ?? null;
  const mapLocked = inspectionId ? !selected?.editable : inspections.length > 0;
  const access: MapEditorAccess = useMemo(() => ({ ...props.access, mapLocked }), [props.access, mapLocked]);
  const [editor, setEditor] = useState<MapEditorState>(() => initialEditorState(access));
  // A change of access (another inspection, the project archived meanwhile) starts over in its mode.
  const accessKey = JSON.stringify(access);
  const [seenAccess, setSeenAccess] = useState(accessKey);
  if (seenAccess !== accessKey) {
    setSeenAccess(accessKey);
    setEditor(initialEditorState(access));
  }
  const readOnly = editor.defaultMode === 'readOnly';

  const features = useFeatures(divisionId, mapId, inspectionRef);
  const read = useMemo(() => (features.data ?? []).map(draftOf), [features.data]);
  const [queue, setQueue] = useState<PendingEdits>(EMPTY_EDITS);
  const shown = useMemo(() => displayedFeatures(read, queue), [read, queue]);
  const pendingKeys = useMemo(() => new Set(queue.edits.map((edit) => edit.key)), [queue]);
  const placed: PlacedCounts = useMemo(() => {
    const counts: PlacedCounts = {};
    for (const feature of shown)
      counts[feature.positionable_type] = (counts[feature.positionable_type] ?? 0) + 1;
    return counts;
  }, [shown]);

  const { onDirty } = props;
  useEffect(() => onDirty(queue.edits.length > 0), [queue.edits.length, onDirty]);

  // The queue kept on this device (0041): read once per map and inspection and offered back (never
  // applied by itself); written as it changes once the offer is answered; Save, Cancel and Discard
  // empty it, which removes the stored copy.
  const keepsDrafts = props.access.mapDrawing && !props.access.publicView;
  const draftId = storedEditsId(mapId, inspectionRef);
  const [draftRead, setDraftRead] = useState<string | null>(null);
  const [offer, setOffer] = useState<StoredMapEdits | null>(null);
  if (draftRead !== draftId) {
    setDraftRead(draftId);
    setOffer(keepsDrafts && queue.edits.length === 0 ? readMapEdits(mapId, inspectionRef) : null);
  }
  // The map's last save the edits were made over (undefined while there are none).
  const draftBase = useRef<string | null | undefined>(undefined);
  const lastSavedAt = siteMap.lastSaved?.at ?? null;
  useEffect(() => {
    if (!keepsDrafts || draftRead !== draftId || offer) return;
    if (queue.edits.length === 0) {
      draftBase.current = undefined;
      forgetMapEdits(mapId, inspectionRef);
      return;
    }
    if (draftBase.current === undefined) draftBase.current = lastSavedAt;
    storeMapEdits(mapId, inspectionRef, queue, draftBase.current);
  }, [keepsDrafts, draftRead, draftId, offer, queue, mapId, inspectionRef, lastSavedAt]);

  const dispatch = useCallback(
    (event: MapEditorEvent) => setEditor((state) => nextEditorState(state, event, placed)),
    [placed],
  );
  useEffect(() => {
    if (editor.notice) notifications.show({ color: 'orange', message: editor.notice, autoClose: 4000 });
  }, [editor.notice]);

  const canvas = useRef<MapCanvasHandle>(null);
  // ?locate=: once the finding is among the features (and the canvas has drawn them), Locate it once.
  const located = useRef(false);
  useEffect(() => {
    const feature = located.current
      ? undefined
      : shown.find((f) => f.positionable_type === 'findings' && f.positionable_id === props.locate);
    if (!props.locate || !feature) return;
    const timer = window.setTimeout(() => {
      located.current = true;
      canvas.current?.locate(feature.key);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [props.locate, shown]);
  // Where the editor starts on the page (below the app's header), measured once laid out.
  const root = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = root.current;
      if (element) setTop(Math.max(0, Math.round(element.getBoundingClientRect().top + window.scrollY)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const [menu, setMenu] = useState<{
    at: { x: number; y: number };
    pixel: MapPoint | null;
    key: string | null;
  } | null>(null);
  const [placing, setPlacing] = useState<{
    type: PositionableType;
    source: Source;
    at: MapPoint | null;
    /** Just created on the server (a finding or a note): leaving placement says it is not on the map. */
    created: boolean;
  } | null>(null);
  const [tool, setTool] = useState<DrawTool | null>(null);
  // The pin being placed, one object per placing (the canvas draws again when it changes).
  const placingSource = useMemo(
    () => (placing ? { type: placing.type, source: placing.source } : null),
    [placing],
  );
  const [textLabel, setTextLabel] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ fresh: DraftFeature[] } | null>(null);
  const [addAt, setAddAt] = useState<MapPoint | null>(null);
  // Cancel with edits asks first ('Discard N unsaved changes?').
  const [askDiscard, setAskDiscard] = useState(false);
  // The features placed of findings and notes created in this editor (by the feature's key).
  const createdHere = useRef(new Map<string, { type: PositionableType; source: Source }>());
  // Keyboard focus across the forms and bars (they come and go): where it goes next.
  const addButton = useRef<HTMLButtonElement>(null);
  const formOpener = useRef<HTMLElement | null>(null);
  const focusNext = useRef<'bar' | 'done' | null>(null);
  const focusWhenShown = (which: 'bar' | 'done') => (element: HTMLElement | null) => {
    if (element && focusNext.current === which) {
      focusNext.current = null;
      element.focus();
    }
  };

  const notes = useMapNotes(divisionId, projectId);
  // Findings and notes already made but not on this map: placed from the Add form (they may have
  // been created here, the placement then cancelled).
  const inspectionFindings = useInspectionFindings(
    divisionId,
    inspectionId,
    !readOnly &&
      props.can.findings &&
      editor.mode === 'createSourceModel' &&
      editor.sourceType === 'findings',
  );
  const placedIds = (type: PositionableType) =>
    new Set(shown.filter((f) => f.positionable_type === type).map((f) => f.positionable_id));
  const unplacedFindings: Source[] = (() => {
    const there = placedIds('findings');
    return (inspectionFindings.data ?? [])
      .filter((finding) => !there.has(finding.id))
      .map((finding) => ({
        id: finding.id,
        name: findingName(finding),
        color: finding.type.color || MAP_FINDING_DEFAULTS.color,
        map_symbol: null,
        scope: null,
        detail: finding.location,
        deleted: false,
      }));
  })();
  const unplacedNotes: Source[] = (() => {
    const there = placedIds('commentables');
    return (notes.data ?? []).filter((note) => !there.has(note.id)).map(noteSource);
  })();
  const editedType = editor.sourceType && isLegendType(editor.sourceType) ? editor.sourceType : null;
  const projectItems = useProjectLegendItems(
    divisionId,
    projectId,
    editor.mode === 'editSourceModel' || editor.mode === 'deleteSourceModel' ? editedType : null,
  );

  const featureByKey = (key: string | null) =>
    key ? (shown.find((feature) => feature.key === key) ?? null) : null;

  // Placing: once a source model is saved or picked, the mode machine says create (or falls back).
  const startPlacing = (type: PositionableType, source: Source, at: MapPoint | null, created = false) => {
    if (!canPlace(type, placed)) {
      dispatch({ type: 'place', sourceType: type, sourceId: source.id });
      return;
    }
    setPlacing({ type, source, at, created });
    // The form closes: the keyboard goes on in the placement bar (its name and hint are read out).
    focusNext.current = 'bar';
    // A pin asked for at a point of the map (its context menu) goes there at once.
    if (at && (type === 'findings' || type === 'commentables')) {
      focusNext.current = 'done';
      place(type, source, { type: 'point' }, at, created);
      return;
    }
    setTool(firstTool(type, source));
    dispatch({ type: 'sourceSaved', sourceId: source.id });
  };

  function place(
    type: PositionableType,
    source: Source,
    geometry: Geometry,
    at: MapPoint,
    created = placing?.created ?? false,
  ) {
    const key = newKey();
    // Discarded unsaved, a finding or note made here is still there, not on the map: Cancel says so.
    if (created) createdHere.current.set(key, { type, source });
    const feature: DraftFeature = {
      key,
      positionables_id: null,
      positionable_id: source.id,
      positionable_type: type,
      position_x: at[0],
      position_y: at[1],
      geometry,
      positionable_config: null,
      source,
      version: null,
    };
    setQueue((q) => addFeature(q, feature));
    setPlacing(null);
    setTool(null);
    // "Drawing ends by auto-selecting the new shape."
    setEditor((state) => nextEditorState(state, { type: 'drawn', featureId: key }, placed));
  }

  const onDrawn = (geometry: Geometry, at: MapPoint) => {
    if (!placing) return;
    if (!onImage(at, siteMap.width, siteMap.height)) {
      notifications.show({ color: 'red', message: `Place ${placing.source.name} on the map image` });
      return;
    }
    place(placing.type, placing.source, geometry, at);
  };

  const onChanged = (key: string, geometry: Geometry, at: MapPoint): boolean => {
    const before = featureByKey(key);
    if (!before) return false;
    if (geometryProblem({ geometry, position_x: at[0], position_y: at[1] }, siteMap)) {
      notifications.show({
        color: 'red',
        message: `${before.source.name} must stay on the map image: it was put back where it was.`,
      });
      return false;
    }
    if (
      JSON.stringify(before.geometry) === JSON.stringify(geometry) &&
      before.position_x === at[0] &&
      before.position_y === at[1]
    )
      return true;
    setQueue((q) => changeFeature(q, before, { ...before, geometry, position_x: at[0], position_y: at[1] }));
    return true;
  };

  const add = (type: PositionableType, at: MapPoint | null = null) => {
    // Where the form's Esc or Cancel gives the focus back: the button that opened it; the toolbar's
    // Add for a menu's item (the menu is gone by then).
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    formOpener.current =
      active && !active.closest('[role="menu"]') && active !== document.body ? active : null;
    setAddAt(at);
    dispatch({ type: 'add', sourceType: type });
  };

  const addDisabledReason = (type: PositionableType): string | null => {
    if (type === 'findings' && !inspectionId) return 'A finding belongs to an inspection: choose one';
    if (type === 'findings' && !props.can.findings) return 'You may not add findings';
    if (type === 'commentables' && !props.can.notes) return 'You may not add notes';
    if (!canPlace(type, placed)) return 'This map already holds its note';
    return null;
  };

  const addItems = (at: MapPoint | null): MenuItem[] =>
    DATA_SOURCES.map((source) => {
      const reason = addDisabledReason(source.type);
      return {
        label: `Add ${TYPE_NAMES[source.type]}`,
        disabled: reason !== null,
        reason: reason ?? undefined,
        onSelect: () => add(source.type, at),
      };
    });

  const featureItems = (feature: DraftFeature): { label: string; onSelect: () => void; color?: string }[] => {
    const details = {
      label: 'Details',
      onSelect: () => {
        setDrawerOpen(false);
        dispatch({ type: 'open', featureId: feature.key });
      },
    };
    if (readOnly) return [details];
    const items = [
      details,
      { label: 'Move/Edit', onSelect: () => dispatch({ type: 'modify', featureId: feature.key }) },
    ];
    if (pendingKeys.has(feature.key) && feature.positionables_id)
      items.push({ label: 'Revert', onSelect: () => setQueue((q) => revertFeature(q, feature.key)) });
    const type = feature.positionable_type;
    if (type === 'commentables' && props.can.notes && !feature.source.deleted)
      items.push({
        label: 'Edit note',
        onSelect: () => dispatch({ type: 'editSource', sourceType: type, sourceId: feature.positionable_id }),
      });
    if (
      isLegendType(type) &&
      feature.source.scope === 'project' &&
      props.can.legendUpdate &&
      !feature.source.deleted
    )
      items.push({
        label: `Edit ${TYPE_NAMES[type].toLowerCase()}`,
        onSelect: () => dispatch({ type: 'editSource', sourceType: type, sourceId: feature.positionable_id }),
      });
    items.push({
      label: 'Remove from Map',
      color: 'red',
      onSelect: () => dispatch({ type: 'remove', featureId: feature.key }),
    } as { label: string; onSelect: () => void; color: string });
    if (
      !feature.source.deleted &&
      ((type === 'commentables' && props.can.notes) ||
        (isLegendType(type) && feature.source.scope === 'project' && props.can.legendDelete))
    )
      items.push({
        label: type === 'commentables' ? 'Delete note' : `Delete ${TYPE_NAMES[type].toLowerCase()}`,
        color: 'red',
        onSelect: () =>
          dispatch({ type: 'deleteSource', sourceType: type, sourceId: feature.positionable_id }),
      } as { label: string; onSelect: () => void; color: string });
    return items;
  };

  const sidebarActions: SidebarActions = {
    add: (type) => {
      if (readOnly) return undefined;
      const reason = addDisabledReason(type);
      return reason ?? (() => add(type));
    },
    locate: (feature) => {
      canvas.current?.locate(feature.key);
      if (phone) setDrawerOpen(false);
    },
    menu: featureItems,
  };

  /** Leaving placement of a finding or note just created: it exists, not on the map; it can be placed later. */
  const leftCreated = (left: typeof placing) => {
    if (!left?.created) return;
    const what = left.type === 'findings' ? 'finding' : 'note';
    notifications.show({
      color: 'blue',
      title: `${left.source.name} was created`,
      message: `It is not on the map. To place it later: Add ${TYPE_NAMES[left.type]}, then “Place an existing ${what}”.`,
      autoClose: 8000,
    });
  };

  /** Cancel: the unsaved edits go; a finding or note created here and placed says it still exists. */
  const discardEdits = () => {
    for (const edit of queue.edits) {
      const made = edit.kind === 'add' ? createdHere.current.get(edit.key) : undefined;
      if (made) leftCreated({ ...made, at: null, created: true });
    }
    createdHere.current.clear();
    setQueue(EMPTY_EDITS);
    setConflict(null);
    setAskDiscard(false);
    dispatch({ type: 'done' });
  };

  const closeForms = () => {
    leftCreated(placing);
    setPlacing(null);
    setTool(null);
    dispatch({ type: 'done' });
  };

  /** The source model's form closed without placing: the focus goes back where Add was chosen. */
  const closeSourceForm = () => {
    closeForms();
    const opener = formOpener.current;
    formOpener.current = null;
    window.setTimeout(() => (opener?.isConnected ? opener : addButton.current)?.focus());
  };

  async function save() {
    if (queue.edits.length === 0) return;
    setSaving(true);
    try {
      await saveFeatures(divisionId, mapId, inspectionRef, toSave(queue));
      setQueue(EMPTY_EDITS);
      dispatch({ type: 'done' });
      await Promise.all([
        features.mutate(),
        mutate(siteMapKey(divisionId, projectId, mapId, inspectionId ?? '')),
        mutate((key) => Array.isArray(key) && key[1] === 'map/site-map'),
      ]);
      notifications.show({ color: 'teal', message: 'Map saved', autoClose: 2000 });
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        failure.status === 409 &&
        !NOT_EDIT_CONFLICTS.includes(failure.message)
      ) {
        // Never overwrite silently: read the map again and show what changed, edits kept.
        const fresh =
          (await loadFeatures(divisionId, mapId, inspectionRef).catch(() => null))?.map(draftOf) ?? null;
        if (fresh) {
          void mutate(featuresKey(divisionId, mapId, inspectionRef), undefined, { revalidate: true });
          setConflict({ fresh });
        }
        notifications.show({
          color: 'red',
          title: conflictTitle,
          message: errorMessage(failure),
          autoClose: false,
        });
      } else if (failure instanceof ApiError && failure.message === MAP_MESSAGES.offMap) {
        // Name what lies off the image (the server names no feature).
        const off = queue.edits
          .flatMap((edit) => (edit.kind === 'remove' ? [] : [edit.feature]))
          .filter((feature) => geometryProblem(feature, siteMap))
          .map((feature) => feature.source.name);
        notifications.show({
          color: 'red',
          title: 'The map could not be saved',
          message:
            off.length > 0
              ? `${off.join(', ')}: not on the map image. Move ${off.length > 1 ? 'them' : 'it'} onto the image, then save.`
              : errorMessage(failure),
          autoClose: false,
        });
      } else {
        notifications.show({
          color: 'red',
          title: 'The map could not be saved',
          message: errorMessage(failure, 'An error has occurred'),
          autoClose: false,
        });
      }
    } finally {
      setSaving(false);
    }
  }

  const stale = conflict ? staleEdits(queue, conflict.fresh) : [];
  // The shapes the source being placed can be drawn as: a pin for findings, notes and icons.
  const placingTools: DrawTool[] =
    placing &&
    (placing.type === 'findings' ||
      placing.type === 'commentables' ||
      placing.source.map_symbol?.editor === SYMBOL_EDITORS.icon)
      ? ['point']
      : DRAW_TOOLS.filter((t) => t !== 'point');

  // Escape leaves drawing or editing for the default mode.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && (editor.mode === 'create' || editor.mode === 'modify')) {
        if (editor.mode === 'create') leftCreated(placing);
        setPlacing(null);
        setTool(null);
        dispatch({ type: 'done' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- leftCreated reads `placing`, a dependency
  }, [editor.mode, dispatch, placing]);

  const modeFeature = featureByKey(editor.featureId);
  const editingNote =
    editor.sourceType === 'commentables' && editor.sourceId
      ? (notes.data?.find((note) => note.id === editor.sourceId) ?? null)
      : null;
  const editingItem =
    editedType && editor.sourceId
      ? (projectItems.data?.find((item) => item.id === editor.sourceId) ?? null)
      : null;

  const sidebar = (
    <MapSidebar
      features={shown}
      pendingKeys={pendingKeys}
      selectedKey={editor.featureId}
      actions={sidebarActions}
    />
  );

  const loadFailure = features.error ? errorMessage(features.error) : null;
  // Spec 002 §8: a legend item without its symbol data is an error shown, not a blank map.
  const unsymbolled = [
    ...new Set(
      shown
        .filter((f) => isLegendType(f.positionable_type) && !f.source.deleted && !f.source.map_symbol)
        .map((f) => f.source.name),
    ),
  ];

  return (
    <Stack
      ref={root}
      gap="xs"
      className="map-touch"
      data-testid="map-editor"
      data-mode={editor.mode}
      // The screen's height from where the editor starts: the map takes what the bars above leave,
      // so tools appearing make it shorter instead of pushing it off the screen.
      style={{ height: `calc(100dvh - ${top + 12}px)`, minHeight: 480 }}
    >
      <MapHeader
        siteMap={siteMap}
        inspections={inspections}
        inspectionId={inspectionId}
        onInspection={props.onInspection}
        selectorDisabled={
          !inspectionSelectorDisabled(editor, queue.edits.length)
            ? null
            : queue.edits.length === 0
              ? // Drawing with nothing drawn yet: Save and Cancel are disabled, so they are not the way out.
                'Finish or stop drawing (Select or Esc) to switch'
              : 'Save or cancel the map edits to switch'
        }
        publicView={props.access.publicView}
        compact={phone && (editor.mode === 'create' || editor.mode === 'modify')}
        showLastSaved={props.access.mapDrawing && !props.access.publicView}
        onClose={props.onClose}
      />
      <MapToolbar
        siteMap={siteMap}
        onMap={props.onMap}
        pending={queue.edits.length}
        editable={!readOnly}
        saving={saving}
        canUndo={queue.history.length > 0}
        onUndo={() => setQueue(undo)}
        onCancel={() => (queue.edits.length > 0 ? setAskDiscard(true) : discardEdits())}
        onSave={() => void save()}
        onFit={() => canvas.current?.fit()}
        addRef={addButton}
        addChoices={addItems(null).map((item) => ({
          label: item.label,
          disabled: item.disabled,
          reason: item.reason,
          onSelect: item.onSelect,
        }))}
      />
      {readOnly && (
        <Text fz="sm" c="dimmed" data-testid="map-read-only">
          {props.access.publicView
            ? 'You are viewing the public copy of this map. It cannot be changed here.'
            : siteMap.project.archived
              ? 'This project is archived. You can view its maps, but not change them.'
              : !props.access.mapDrawing
                ? 'You can view this map. Editing it is not part of your role.'
                : inspectionId
                  ? `This inspection’s map can no longer change: ${
                      !selected
                        ? 'the inspection is certified, or a later one has started.'
                        : inspections.some((other) => other.number > selected.number)
                          ? 'a later inspection has started.'
                          : 'the inspection is certified.'
                    }`
                  : 'This is the map from before the first inspection. It can no longer change; choose an inspection to edit its map.'}
        </Text>
      )}
      {editor.mode === 'create' && placing && (
        <Paper
          ref={focusWhenShown('bar')}
          tabIndex={-1}
          withBorder
          p="xs"
          radius="md"
          role="group"
          aria-label="Drawing tools"
          aria-describedby="map-placing-what map-placing-hint"
        >
          <Group gap={6} wrap="wrap">
            <Text id="map-placing-what" fz="sm" fw={600} style={phone ? { flexBasis: '100%' } : undefined}>
              Place {placing.source.name}:
            </Text>
            {placingTools.length > 1 && phone ? (
              // On a phone the shapes are one 44 px field, so the tools take one row above the map.
              <NativeSelect
                aria-label="Shape to draw"
                style={{ flex: '1 1 8rem' }}
                value={tool ?? placingTools[0]}
                onChange={(event) => setTool(event.currentTarget.value as DrawTool)}
                data={placingTools.map((t) => ({ value: t, label: TOOL_LABELS[t] }))}
              />
            ) : (
              placingTools.map((t) => (
                <Button
                  key={t}
                  size="compact-sm"
                  mih={28}
                  variant={tool === t ? 'filled' : 'default'}
                  aria-pressed={tool === t}
                  onClick={() => setTool(t)}
                >
                  {TOOL_LABELS[t]}
                </Button>
              ))
            )}
            {tool === 'text' && (
              <TextInput
                size="xs"
                aria-label="Text label (at most 10 characters)"
                placeholder="Label"
                maxLength={MAP_LIMITS.textLabel}
                value={textLabel}
                onChange={(event) => setTextLabel(clampLabel(event.currentTarget.value))}
                w={130}
              />
            )}
            {tool === 'point' && (
              <Button
                size="compact-sm"
                mih={28}
                variant="light"
                onClick={() => {
                  const at = canvas.current?.center();
                  if (!at) return;
                  // The bar goes with the button: the keyboard goes on at the editing line's Done.
                  focusNext.current = 'done';
                  place(placing.type, placing.source, { type: 'point' }, at);
                }}
              >
                Place at the middle of the view
              </Button>
            )}
            <Button size="compact-sm" mih={28} variant="subtle" onClick={closeForms}>
              Select
            </Button>
          </Group>
          <Text id="map-placing-hint" fz="xs" c="dimmed" mt={4}>
            {tool === 'polygon'
              ? `${Click} to add points; ${click} the first point to finish.`
              : tool === 'line'
                ? `${Click} to add points; ${click} the last point again to finish.`
                : tool === 'point'
                  ? `${Click} the map where it goes.`
                  : 'Drag on the map to draw.'}
          </Text>
          {/* What the keyboard can do here, and what it cannot (docs/decisions/0041). */}
          <Text fz="xs" c="dimmed" data-testid="keyboard-hint">
            Drawing needs a mouse, pen or touch. Keyboard: arrow keys pan, + and − zoom, Esc stops
            {tool === 'point' ? '; “Place at the middle of the view” places the pin.' : '.'}
          </Text>
        </Paper>
      )}
      {editor.mode === 'modify' && modeFeature && (
        <Group gap="xs">
          <Text fz="sm">
            Editing <strong>{modeFeature.source.name}</strong>:{' '}
            {modeFeature.geometry.type === 'point' || modeFeature.geometry.type === 'text'
              ? 'drag it.'
              : modeFeature.geometry.type === 'circle'
                ? 'drag it, or its edge to resize.'
                : 'drag it or its points.'}{' '}
            <Text span fz="xs" c="dimmed" data-testid="keyboard-hint">
              Moving needs a mouse, pen or touch; Esc or Done ends editing.
            </Text>
          </Text>
          <Button
            ref={focusWhenShown('done')}
            size="compact-sm"
            mih={28}
            variant="default"
            onClick={() => dispatch({ type: 'done' })}
          >
            Done
          </Button>
        </Group>
      )}
      {stale.length > 0 && conflict && (
        <Alert color="orange" title={conflictTitle} data-testid="map-conflict">
          <Stack gap={6}>
            <Text fz="sm">
              These features were changed or removed by someone else since you opened the map; your edits of
              them are kept until you choose:
            </Text>
            <ul style={{ margin: 0 }}>
              {stale.map(({ edit, theirs }) => (
                <li key={edit.key}>
                  <Text fz="sm">
                    {(edit.kind === 'remove' ? edit.original : edit.feature).source.name}:{' '}
                    {theirs ? 'changed by someone else' : 'removed by someone else'}
                  </Text>
                </li>
              ))}
            </ul>
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  setQueue((q) => keepMine(q, conflict.fresh));
                  setConflict(null);
                }}
              >
                Keep mine (save again to replace theirs)
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setQueue((q) => takeTheirs(q, conflict.fresh));
                  setConflict(null);
                }}
              >
                Use theirs
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {unsymbolled.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="map-symbol-error">
          {unsymbolled.join(', ')}: the legend item has no map symbol data; drawn with its type’s default.
        </Alert>
      )}
      {loadFailure && (
        <ServerError testId="map-load-error">
          There was an error loading the map: {loadFailure}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => void features.mutate()}>
            Retry
          </Button>
        </ServerError>
      )}
      <Group align="stretch" gap="sm" wrap="nowrap" style={{ flex: 1, minHeight: 320 }}>
        <Box
          pos="relative"
          style={{
            flex: 1,
            minWidth: 0,
            // The menu and the Items button above the map, all under the screen's dialogs.
            isolation: 'isolate',
            minHeight: 320,
          }}
        >
          <MapCanvas
            ref={canvas}
            image={
              siteMap.image.url
                ? { url: siteMap.image.url, width: siteMap.width, height: siteMap.height }
                : { url: siteMap.preview.url, width: siteMap.width, height: siteMap.height }
            }
            previewUrl={siteMap.preview.url}
            features={shown}
            selectedKey={editor.mode === 'modify' ? editor.featureId : null}
            tool={editor.mode === 'create' ? tool : null}
            textLabel={textLabel}
            placingSource={placingSource}
            readOnly={readOnly}
            keepView={editor.mode === 'create' || editor.mode === 'modify'}
            onFeatureClick={(key) => dispatch({ type: 'open', featureId: key })}
            onFeatureMenu={(key, at) => setMenu({ at, pixel: null, key })}
            onMapMenu={(pixel, at) => setMenu({ at, pixel, key: null })}
            onDrawn={onDrawn}
            onChanged={onChanged}
          />
          {menu && !readOnly && (
            <ContextMenu
              at={menu.at}
              label={menu.key ? 'Feature actions' : 'Add to the map'}
              onClose={() => setMenu(null)}
              items={
                menu.key
                  ? (() => {
                      const feature = featureByKey(menu.key);
                      return feature
                        ? [
                            {
                              label: 'Move/Edit',
                              onSelect: () => dispatch({ type: 'modify', featureId: feature.key }),
                            },
                            {
                              label: 'Remove from Map',
                              onSelect: () => dispatch({ type: 'remove', featureId: feature.key }),
                            },
                          ]
                        : [];
                    })()
                  : addItems(menu.pixel)
              }
            />
          )}
          {phone && (
            <Button
              pos="absolute"
              top={8}
              right={8}
              style={{ zIndex: 500 }}
              size="sm"
              leftSection={<IconLayoutSidebarRight size={16} />}
              onClick={() => setDrawerOpen(true)}
            >
              Items
            </Button>
          )}
        </Box>
        {!phone && (
          <Box w={300} style={{ flexShrink: 0, overflowY: 'auto', minHeight: 320 }}>
            {sidebar}
          </Box>
        )}
      </Group>
      {phone && (
        <Drawer
          className="map-touch"
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          position="right"
          title="Map items"
          size="85%"
          closeButtonProps={{ 'aria-label': 'Close the map items' }}
        >
          {sidebar}
        </Drawer>
      )}

      {offer && (
        <KeptEditsOffer
          stored={offer}
          savedSince={offer.baseSavedAt !== lastSavedAt}
          readOnly={readOnly}
          onRestore={() => {
            draftBase.current = offer.baseSavedAt;
            setQueue(restoredQueue(offer));
            setOffer(null);
          }}
          onDiscard={() => {
            forgetMapEdits(mapId, inspectionRef);
            setOffer(null);
          }}
        />
      )}

      {/* Detail of a feature tapped (mode detail). */}
      <Modal
        className="map-touch"
        opened={editor.mode === 'detail' && modeFeature !== null}
        onClose={() => dispatch({ type: 'done' })}
        title={modeFeature ? modeFeature.source.name : ''}
      >
        {modeFeature && (
          <Stack gap="xs" data-testid="map-feature-detail">
            <Text fz="sm" c="dimmed">
              {TYPE_NAMES[modeFeature.positionable_type]}
              {modeFeature.source.scope === 'project' ? ' · this project' : ''}
              {modeFeature.source.deleted ? ' · deleted since' : ''}
            </Text>
            {modeFeature.positionable_type === 'findings' && (
              <FindingSummary
                divisionId={divisionId}
                findingId={modeFeature.positionable_id}
                inspectionId={inspectionId}
              />
            )}
            {/* A finding's location pointing back at the map is no detail here. */}
            {modeFeature.source.detail && modeFeature.source.detail !== MAP_FINDING_DEFAULTS.location && (
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {modeFeature.source.detail}
              </Text>
            )}
            {modeFeature.positionable_type === 'findings' && props.findingHref && (
              <Button
                component="a"
                href={props.findingHref(modeFeature.positionable_id)}
                variant="subtle"
                px={0}
                w="fit-content"
              >
                Open the finding
              </Button>
            )}
            {!readOnly && (
              <Group justify="flex-end" gap="xs">
                <Button
                  variant="default"
                  onClick={() => dispatch({ type: 'modify', featureId: modeFeature.key })}
                >
                  Move/Edit
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => dispatch({ type: 'remove', featureId: modeFeature.key })}
                >
                  Remove from Map
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>

      {/* Cancel throws the unsaved edits away: asked first. */}
      <Modal
        className="map-touch"
        opened={askDiscard}
        onClose={() => setAskDiscard(false)}
        title={`Discard ${queue.edits.length} unsaved ${queue.edits.length === 1 ? 'change' : 'changes'}?`}
      >
        <Stack>
          <Text fz="sm">The changes made since the last save are lost.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAskDiscard(false)} data-autofocus>
              Keep editing
            </Button>
            <Button color="red" onClick={discardEdits}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>

      {/* Remove from Map (spec 002 §8): asks, naming the item. */}
      <Modal
        className="map-touch"
        opened={editor.mode === 'delete' && modeFeature !== null}
        onClose={() => dispatch({ type: 'done' })}
        title="Remove from Map"
      >
        {modeFeature && (
          <Stack>
            <Text fz="sm">Are you sure you want to remove {modeFeature.source.name} from the map?</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => dispatch({ type: 'done' })}>
                Cancel
              </Button>
              <Button
                color="red"
                onClick={() => {
                  setQueue((q) => removeFeature(q, modeFeature));
                  dispatch({ type: 'done' });
                }}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      {/* The source model's form first (spec 002 §4), then placement. */}
      <Modal
        className="map-touch"
        opened={editor.mode === 'createSourceModel' && editor.sourceType !== null}
        onClose={closeSourceForm}
        // The focus is placed by hand: back to Add on Esc or Cancel, on to the placement bar after.
        returnFocus={false}
        title={editor.sourceType ? `Add ${TYPE_NAMES[editor.sourceType]}` : ''}
        size={editor.sourceType && isLegendType(editor.sourceType) ? 'lg' : 'md'}
      >
        {(editor.sourceType === 'commentables' || editor.sourceType === 'findings') && (
          <PlaceExisting
            type={editor.sourceType}
            items={editor.sourceType === 'findings' ? unplacedFindings : unplacedNotes}
            onPick={(picked) => startPlacing(editor.sourceType!, picked, addAt)}
          />
        )}
        {editor.sourceType === 'commentables' && (
          <NoteForm
            submitLabel="Create note"
            onCancel={closeSourceForm}
            onSubmit={async (input) => {
              const note = await createMapNote(divisionId, projectId, input);
              void notes.mutate();
              startPlacing('commentables', noteSource(note), addAt, true);
            }}
          />
        )}
        {editor.sourceType === 'findings' && inspectionId && props.FindingForm && (
          <props.FindingForm
            divisionId={divisionId}
            inspectionId={inspectionId}
            defaults={MAP_FINDING_DEFAULTS}
            onCancel={closeSourceForm}
            onCreated={(finding) =>
              startPlacing(
                'findings',
                {
                  id: finding.id,
                  name: finding.name,
                  color: finding.color,
                  map_symbol: null,
                  scope: null,
                  detail: finding.location,
                  deleted: false,
                },
                addAt,
                true,
              )
            }
          />
        )}
        {editor.sourceType && isLegendType(editor.sourceType) && (
          <LegendPicker
            divisionId={divisionId}
            projectId={projectId}
            type={editor.sourceType}
            canCreate={props.can.legendCreate}
            onCancel={closeSourceForm}
            onPicked={(source) => startPlacing(editor.sourceType!, source, addAt)}
            onCreate={async (input) => {
              const item = await createProjectLegendItem(divisionId, projectId, input);
              void mutate(projectLegendKey(divisionId, projectId, item.type));
              return {
                id: item.id,
                name: item.name,
                color: null,
                map_symbol: item.map_symbol,
                scope: 'project',
                detail: null,
                deleted: false,
              };
            }}
          />
        )}
      </Modal>

      {/* Edit a note or a project legend item (editSourceModel). */}
      <Modal
        className="map-touch"
        opened={editor.mode === 'editSourceModel'}
        onClose={() => dispatch({ type: 'done' })}
        title={editor.sourceType ? `Edit ${TYPE_NAMES[editor.sourceType].replace(/s$/, '')}` : ''}
        size={editedType ? 'lg' : 'md'}
      >
        {editor.sourceType === 'commentables' &&
          (editingNote ? (
            <NoteForm
              initial={{ title: editingNote.title, content: editingNote.content }}
              submitLabel="Save note"
              onCancel={() => dispatch({ type: 'done' })}
              onSubmit={async (input) => {
                await updateMapNote(divisionId, projectId, editingNote, input);
                await Promise.all([notes.mutate(), features.mutate()]);
                dispatch({ type: 'done' });
              }}
            />
          ) : (
            <Text fz="sm">{notes.error ? errorMessage(notes.error) : 'Loading…'}</Text>
          ))}
        {editedType &&
          (editingItem ? (
            <LegendItemForm
              type={editedType}
              initial={editingItem}
              submitLabel="Save"
              onCancel={() => dispatch({ type: 'done' })}
              onSubmit={async (input) => {
                await updateProjectLegendItem(divisionId, projectId, editingItem, input);
                await Promise.all([projectItems.mutate(), features.mutate()]);
                dispatch({ type: 'done' });
              }}
            />
          ) : (
            <Text fz="sm">{projectItems.error ? errorMessage(projectItems.error) : 'Loading…'}</Text>
          ))}
      </Modal>

      {/* Delete a note or a project legend item (deleteSourceModel). */}
      <DeleteSource
        opened={editor.mode === 'deleteSourceModel'}
        name={
          shown.find((feature) => feature.positionable_id === editor.sourceId)?.source.name ??
          editingNote?.title ??
          'this item'
        }
        onClose={() => dispatch({ type: 'done' })}
        onConfirm={async () => {
          if (editor.sourceType === 'commentables') {
            const note = notes.data?.find((n) => n.id === editor.sourceId);
            if (!note) throw new Error('The note is no longer there');
            await deleteMapNote(divisionId, projectId, note);
            await notes.mutate();
          } else if (editedType && editor.sourceId) {
            await deleteProjectLegendItem(divisionId, projectId, editor.sourceId);
            await mutate(projectLegendKey(divisionId, projectId, editedType));
          }
          await features.mutate();
          dispatch({ type: 'done' });
        }}
      />
    </Stack>
  );
}

/** The longest start of an observation a pin's detail shows. */
const OBSERVATION_START = 160;

/**
 * What a finding's pin says about it (the location alone points back at the map): its type, open or
 * completed, the date initiated and the start of its newest observation, read as the detail opens.
 */
function FindingSummary({
  divisionId,
  findingId,
  inspectionId,
}: {
  divisionId: string;
  findingId: string;
  inspectionId: string | null;
}) {
  const finding = useMapFinding(divisionId, findingId, inspectionId);
  if (finding.error) return null;
  if (!finding.data)
    return (
      <Text fz="sm" c="dimmed">
        Loading the finding…
      </Text>
    );
  const { type, date_completed, date_initiated, observations } = finding.data;
  const observation = observations[0]?.content.trim() ?? '';
  return (
    <Stack gap={4} data-testid="map-finding-summary">
      <Text fz="sm">
        <strong>{type.name}</strong> · {date_completed ? `Completed ${displayDate(date_completed)}` : 'Open'}{' '}
        · Initiated {displayDate(date_initiated)}
      </Text>
      {observation && (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {observation.length > OBSERVATION_START
            ? `${observation.slice(0, OBSERVATION_START).trimEnd()}…`
            : observation}
        </Text>
      )}
    </Stack>
  );
}

/** "Place an existing finding / note": made earlier, not on this map yet; or the form below makes a new one. */
function PlaceExisting({
  type,
  items,
  onPick,
}: {
  type: 'findings' | 'commentables';
  items: Source[];
  onPick: (source: Source) => void;
}) {
  if (items.length === 0) return null;
  const label = type === 'findings' ? 'Place an existing finding' : 'Place an existing note';
  return (
    <Stack gap={6} mb="md" role="group" aria-label={label} data-testid="place-existing">
      <Text fw={600} fz="sm">
        {label}
      </Text>
      <Group gap={6} wrap="wrap">
        {items.slice(0, 50).map((item) => (
          <Button key={item.id} size="compact-sm" mih={28} variant="light" onClick={() => onPick(item)}>
            {item.name}
          </Button>
        ))}
      </Group>
      <Text fz="sm" fw={600} mt="xs">
        {type === 'findings' ? 'Or add a new finding' : 'Or create a new note'}
      </Text>
    </Stack>
  );
}

function DeleteSource({
  opened,
  name,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal className="map-touch" opened={opened} onClose={onClose} title="Delete">
      <Stack>
        <Text fz="sm">
          Are you sure you want to delete {name}? It must be removed from the map first; the maps it stood on
          keep showing it.
        </Text>
        {error && <ServerError>{error}</ServerError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              setBusy(true);
              setError(null);
              onConfirm()
                .catch((failure: unknown) => setError(errorMessage(failure, 'An error has occurred')))
                .finally(() => setBusy(false));
            }}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "N unsaved changes from <time> were kept on this device": Restore or Discard, nothing applied before. */
function KeptEditsOffer({
  stored,
  savedSince,
  readOnly,
  onRestore,
  onDiscard,
}: {
  stored: StoredMapEdits;
  savedSince: boolean;
  readOnly: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const count = stored.edits.length;
  const one = count === 1;
  const at = new Date(stored.storedAt);
  const when = `${displayDate(browserToday(at))} ${at.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  })}`;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Unsaved changes on this device"
    >
      <Stack data-testid="map-kept-edits">
        <Text fz="sm">
          {count} unsaved {one ? 'change' : 'changes'} from {when} {one ? 'was' : 'were'} kept on this device.{' '}
          {readOnly
            ? `This map can no longer change, so ${one ? 'it' : 'they'} cannot be saved.`
            : one
              ? 'It is not saved: restore it to review and save it.'
              : 'They are not saved: restore them to review and save them.'}
        </Text>
        {!readOnly && savedSince && (
          <Text fz="sm">
            The map has been saved since. Save will show any feature someone else changed meanwhile, for you
            to keep yours or use theirs.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={onDiscard}>
            Discard
          </Button>
          {!readOnly && (
            <Button onClick={onRestore} data-autofocus>
              Restore
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
