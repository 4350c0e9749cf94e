import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import L from 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import './map-canvas.css';
import { drawFeature, pinIcon, type PinSource } from '../lib/draw-feature';
import { locateView } from '../lib/locate';
import type { DraftFeature, FeatureGeometry as Geometry } from '../lib/pending-edits';
import {
  anchorOf,
  clampLabel,
  ellipsePoints,
  imageBounds,
  normalBounds,
  squareBounds,
  toLatLng,
  toPixel,
  type DrawTool,
  type MapPoint,
} from '../lib/shapes';

/**
 * Leaflet and leaflet-geoman, and nothing else of the editor: the page image on L.CRS.Simple
 * (shapes.ts says how a pixel maps to a LatLng), the features drawn by draw-feature.ts, geoman's
 * drawing and editing. Everything else (modes, queue, forms) is React around it, testable
 * without a browser; this file is the only one the component tests replace.
 */

export interface MapCanvasProps {
  image: { url: string; width: number; height: number };
  /** The small image drawn at once; the full one replaces it when it has loaded. */
  previewUrl: string;
  features: readonly DraftFeature[];
  /** The feature whose shape geoman edits (modify), or null. */
  selectedKey: string | null;
  /** The tool drawing now (create), or null. */
  tool: DrawTool | null;
  /** The text tool's label. */
  textLabel: string;
  /** What the pin tool places: its pin follows the pointer (the app's own icon, never Leaflet's). */
  placingSource?: PinSource | null;
  readOnly: boolean;
  /**
   * Drawing, placing or editing: a change of the map's height (the bars above it come and go) keeps
   * the view where it is (its centre), never fits the image again; from then on the view is the user's.
   */
  keepView?: boolean;
  onFeatureClick: (key: string) => void;
  onFeatureMenu: (key: string, at: { x: number; y: number }) => void;
  onMapMenu: (pixel: MapPoint, at: { x: number; y: number }) => void;
  onDrawn: (geometry: Geometry, position: MapPoint) => void;
  /** False: the change is refused (off the image) and the feature goes back where it was. */
  onChanged: (key: string, geometry: Geometry, position: MapPoint) => boolean | void;
}

export interface MapCanvasHandle {
  fit: () => void;
  /** Shows a feature: the view moved only as far as it takes (lib/locate.ts), the feature pulsed. */
  locate: (key: string) => void;
  /** The image pixel at the middle of the view (keyboard placement). */
  center: () => MapPoint;
}

const SHAPE: Record<DrawTool, string> = {
  point: 'Marker',
  line: 'Line',
  rectangle: 'Rectangle',
  square: 'Rectangle',
  polygon: 'Polygon',
  circle: 'Circle',
  oval: 'Rectangle',
  text: 'Text',
};

/**
 * Every marker without an icon of its own gets the app's pin: Leaflet's default image
 * (marker-icon.png, looked up beside leaflet.css) is never requested.
 */
const DEFAULT_PIN = pinIcon({ type: 'findings', source: null });
L.Marker.prototype.options.icon = DEFAULT_PIN;

/** Locate's outline: on the map for a moment, not clickable, not a shape geoman edits. */
const HIGHLIGHT_MS = 2500;
const HIGHLIGHT_STYLE: L.PathOptions & { pmIgnore: boolean } = {
  className: 'map-locate-highlight',
  color: '#f76707',
  weight: 4,
  fill: false,
  interactive: false,
  pmIgnore: true,
};

const EDIT_STYLE: L.PathOptions = { color: '#1c7ed6', weight: 2, dashArray: '6 4', fill: false };

function points(latLngs: L.LatLng[]): MapPoint[] {
  return latLngs.map((latLng) => toPixel(latLng));
}

function cornersOf(layer: L.Rectangle): [MapPoint, MapPoint] {
  const b = layer.getBounds();
  return normalBounds([toPixel(b.getNorthWest()), toPixel(b.getSouthEast())]);
}

/** The geometry of a layer geoman drew or edited, for the feature being drawn with `tool`. */
function geometryOf(layer: L.Layer, tool: DrawTool): { geometry: Geometry; at: MapPoint } | null {
  if (tool === 'point' && layer instanceof L.Marker)
    return { geometry: { type: 'point' }, at: toPixel(layer.getLatLng()) };
  if (tool === 'text' && layer instanceof L.Marker) {
    const text = clampLabel((layer as L.Marker & { pm: { getText?: () => string } }).pm.getText?.() ?? '');
    return text ? { geometry: { type: 'text', text }, at: toPixel(layer.getLatLng()) } : null;
  }
  if (tool === 'circle' && layer instanceof L.Circle)
    return {
      geometry: { type: 'circle', radius: Math.max(1, Math.round(layer.getRadius())) },
      at: toPixel(layer.getLatLng()),
    };
  if (layer instanceof L.Rectangle) {
    const drawn = cornersOf(layer);
    const bounds = tool === 'square' ? normalBounds(squareBounds(drawn[0], drawn[1])) : drawn;
    const type = tool === 'square' ? 'square' : tool === 'oval' ? 'oval' : 'rectangle';
    const geometry: Geometry = { type, bounds };
    return { geometry, at: anchorOf(geometry, bounds[0]) };
  }
  if (layer instanceof L.Polygon) {
    const ring = (layer.getLatLngs() as L.LatLng[][])[0] ?? [];
    const geometry: Geometry = { type: 'polygon', points: points(ring) };
    return { geometry, at: anchorOf(geometry, [0, 0]) };
  }
  if (layer instanceof L.Polyline) {
    const geometry: Geometry = { type: 'line', points: points(layer.getLatLngs() as L.LatLng[]) };
    return { geometry, at: anchorOf(geometry, [0, 0]) };
  }
  return null;
}

/** The tool a saved geometry is edited with. */
const toolOf = (geometry: Geometry): DrawTool => geometry.type;

export const MapCanvas = forwardRef<MapCanvasHandle, MapCanvasProps>(function MapCanvas(props, ref) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const featuresLayer = useRef<L.LayerGroup | null>(null);
  const overlay = useRef<L.ImageOverlay | null>(null);
  const layersByKey = useRef(new Map<string, L.Layer>());
  const highlight = useRef<L.Path | null>(null);
  // Callbacks and the tool through refs: Leaflet's handlers are bound once.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const { image, previewUrl } = props;

  // The map and its image: the preview at once, the full image when it has loaded.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const bounds = L.latLngBounds(imageBounds(image.width, image.height));
    const map = L.map(element, {
      crs: L.CRS.Simple,
      minZoom: -6,
      maxZoom: 3,
      zoomSnap: 0.25,
      zoomDelta: 0.5,
      attributionControl: false,
      // Two fingers pan and pinch on a phone; Leaflet's touch zoom and tap are on by default.
      bounceAtZoomLimits: false,
    });
    // Fit to the screen, and again when the container settles (the phone layout arrives a render
    // later), until the user pans or zooms: then the view is theirs.
    let fitting = false;
    let userMoved = false;
    const fit = () => {
      fitting = true;
      map.invalidateSize({ pan: false });
      map.fitBounds(bounds, { animate: false });
      fitting = false;
    };
    map.on('dragstart', () => (userMoved = true));
    map.on('zoomstart', () => {
      if (!fitting) userMoved = true;
    });
    fit();
    overlay.current = L.imageOverlay(previewUrl, bounds, {
      alt: 'Site map',
      interactive: false,
      pmIgnore: true,
    }).addTo(map);
    featuresLayer.current = L.layerGroup().addTo(map);
    mapRef.current = map;

    let cancelled = false;
    const full = new Image();
    full.onload = () => {
      if (!cancelled) overlay.current?.setUrl(image.url);
    };
    full.src = image.url;

    map.pm.setGlobalOptions({ allowSelfIntersection: true, snappable: true, tooltips: false });
    map.on('contextmenu', (event: L.LeafletMouseEvent) => {
      if (latest.current.readOnly) return;
      latest.current.onMapMenu(toPixel(event.latlng), {
        x: event.containerPoint.x,
        y: event.containerPoint.y,
      });
    });
    map.on('pm:create', (event: { layer: L.Layer }) => {
      const tool = latest.current.tool;
      const drawn = tool ? geometryOf(event.layer, tool) : null;
      map.removeLayer(event.layer);
      if (drawn) latest.current.onDrawn(drawn.geometry, drawn.at);
    });
    // The screen's bars above the map come and go (drawing tools, the editing line): Leaflet is told.
    // Until the user pans, zooms or starts drawing, placing or editing, the image is fitted again;
    // from then on the view keeps its centre and zoom (the map never jumps under the pointer).
    const resize = new ResizeObserver(() => {
      if (latest.current.keepView) userMoved = true;
      if (!userMoved) {
        fit();
        return;
      }
      const centre = map.getCenter();
      map.invalidateSize({ pan: false });
      map.setView(centre, map.getZoom(), { animate: false });
    });
    resize.observe(element);
    // The container is the map's keyboard target (arrows pan, + and - zoom): it gets a name.
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', 'Site map: arrow keys pan, plus and minus zoom');

    return () => {
      resize.disconnect();
      cancelled = true;
      full.onload = null;
      map.remove();
      mapRef.current = null;
    };
  }, [image.url, image.width, image.height, previewUrl]);

  // The features, again whenever they or the selection change (a map holds at most hundreds).
  const { features, selectedKey, readOnly } = props;
  // Whether the gesture under way dragged a shape (its body or a point): the click that ends it is
  // not a tap on it. Cleared as the next gesture starts. (A time window after the drag was not
  // enough: on a busy phone the redraw after a drag can hold the click back longer.)
  const gestureDragged = useRef(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const gestureStarts = () => (gestureDragged.current = false);
    element.addEventListener('pointerdown', gestureStarts, true);
    return () => element.removeEventListener('pointerdown', gestureStarts, true);
  }, []);
  // Drawn again (as it was) when a change is refused.
  const [redraws, setRedraws] = useState(0);
  useEffect(() => {
    const map = mapRef.current;
    const group = featuresLayer.current;
    if (!map || !group) return;
    group.clearLayers();
    layersByKey.current.clear();
    for (const feature of features) {
      const selected = feature.key === selectedKey && !readOnly;
      const layer = drawFeature(feature, { selected, interactive: true });
      layer.on('click', (event: L.LeafletMouseEvent) => {
        L.DomEvent.stopPropagation(event);
        // The click that ends dragging a shape is not a tap on it.
        if (gestureDragged.current) return;
        latest.current.onFeatureClick(feature.key);
      });
      // A pin has the keyboard's focus (Tab): Enter opens it as a click does.
      layer.on('keypress', (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter') latest.current.onFeatureClick(feature.key);
      });
      layer.on('contextmenu', (event: L.LeafletMouseEvent) => {
        L.DomEvent.stopPropagation(event);
        if (latest.current.readOnly) return;
        latest.current.onFeatureMenu(feature.key, { x: event.containerPoint.x, y: event.containerPoint.y });
      });
      group.addLayer(layer);
      layersByKey.current.set(feature.key, layer);
      if (selected) editLayer(group, feature, layer);
    }
  }, [features, selectedKey, readOnly, redraws]);

  // The drawing tool: geoman's draw mode for the shape, none in any other mode.
  const { tool, textLabel, placingSource } = props;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    map.pm.disableDraw();
    if (!tool) return;
    map.pm.enableDraw(SHAPE[tool], {
      markerStyle: { icon: placingSource ? pinIcon(placingSource) : DEFAULT_PIN },
      // "A polygon ends by clicking its first node" (spec 002 §4): geoman's own finish.
      finishOn: null,
      continueDrawing: false,
      markerEditable: false,
      textOptions: { text: clampLabel(textLabel) || 'Text', focusAfterDraw: false, removeIfEmpty: true },
    });
    return () => {
      map.pm.disableDraw();
    };
  }, [tool, textLabel, placingSource]);

  useImperativeHandle(ref, () => ({
    fit: () => mapRef.current?.fitBounds(imageBounds(image.width, image.height), { animate: false }),
    locate: (key) => {
      const map = mapRef.current;
      const layer = layersByKey.current.get(key);
      if (!map || !layer) return;
      const bounds =
        layer instanceof L.Marker
          ? L.latLngBounds(layer.getLatLng(), layer.getLatLng())
          : 'getBounds' in layer
            ? (layer as unknown as L.Polyline).getBounds()
            : null;
      if (!bounds) return;
      const corners: [MapPoint, MapPoint] = [toPixel(bounds.getNorthWest()), toPixel(bounds.getSouthEast())];
      const view = locateView(
        { zoom: map.getZoom(), center: toPixel(map.getCenter()), size: map.getSize() },
        corners,
        { padding: 40, minZoom: map.getMinZoom(), snap: 0.25 },
      );
      if (view) map.flyTo(toLatLng(view.center), view.zoom, { duration: 0.6 });
      // A brief outline around it so the eye finds it: drawn on the map, never a feature or an edit.
      highlight.current?.remove();
      const zoom = view?.zoom ?? map.getZoom();
      const ring = 14 / 2 ** zoom;
      const mark =
        layer instanceof L.Marker
          ? L.circleMarker(bounds.getCenter(), { radius: 24, ...HIGHLIGHT_STYLE })
          : L.rectangle(
              [
                toLatLng([corners[0][0] - ring, corners[0][1] - ring]),
                toLatLng([corners[1][0] + ring, corners[1][1] + ring]),
              ],
              HIGHLIGHT_STYLE,
            );
      mark.addTo(map);
      highlight.current = mark;
      window.setTimeout(() => {
        if (highlight.current === mark) highlight.current = null;
        mark.remove();
      }, HIGHLIGHT_MS);
    },
    center: () => toPixel(mapRef.current?.getCenter() ?? L.latLng(-image.height / 2, image.width / 2)),
  }));

  /**
   * The selected feature's shape, editable through geoman (or dragged, a pin): each change ends
   * in onChanged with the new geometry. An oval is edited as its rectangle; a square stays square.
   */
  function editLayer(group: L.LayerGroup, feature: DraftFeature, layer: L.Layer) {
    const tool = toolOf(feature.geometry);
    const report = (edited: L.Layer) => {
      const result = geometryOf(edited, tool);
      if (!result) return;
      const at =
        feature.geometry.type === 'text' ||
        feature.geometry.type === 'point' ||
        feature.geometry.type === 'circle'
          ? result.at
          : anchorOf(result.geometry, result.at);
      if (latest.current.onChanged(feature.key, result.geometry, at) === false) setRedraws((n) => n + 1);
    };
    if (layer instanceof L.Marker) {
      layer.dragging?.enable();
      layer.on('dragend', () => {
        gestureDragged.current = true;
        report(layer);
      });
      return;
    }
    let target: L.Layer = layer;
    if (feature.geometry.type === 'oval') {
      // The rectangle geoman edits, the ellipse inscribed in it following as it changes.
      const [a, b] = normalBounds(feature.geometry.bounds);
      const frame = L.rectangle([toLatLng(a), toLatLng(b)], EDIT_STYLE);
      group.addLayer(frame);
      frame.on('pm:change', () => {
        const [c, d] = cornersOf(frame);
        (layer as L.Polygon).setLatLngs(ellipsePoints([c, d]).map(toLatLng));
      });
      target = frame;
    }
    const pm = (target as L.Layer & { pm?: L.PM.PMLayer & L.PM.PMDragLayer }).pm;
    if (!pm) return;
    const options = { draggable: true, allowSelfIntersection: true, snappable: true };
    pm.enable(options);
    // Its body drags the whole shape (geoman's drag mode), its points move one by one (edit mode).
    // geoman's enableLayerDrag ends the vertex editing, so the points are turned on again after it.
    if (!(target instanceof L.Circle)) {
      pm.enableLayerDrag();
      pm.enable(options);
    }
    target.on('pm:dragstart pm:dragend pm:markerdragend', () => (gestureDragged.current = true));
    target.on('pm:edit', () => report(target));
  }

  return <div ref={container} className="map-canvas" data-testid="map-canvas" />;
});
