import type { ReactNode } from 'react';
import type { ImageAnnotation } from '@stormline/contract/inspection-views';
import type { z } from 'zod/mini';
import { turnedLayout } from './photo-geometry';

export type Annotation = z.infer<typeof ImageAnnotation>;

export interface PhotoShape {
  name: string;
  width: number;
  height: number;
  rotation: number;
}

/**
 * Annotations drawn over a photo. They are stored in the photo's own pixels (the contract's
 * ImageAnnotation), so the layer's coordinates are the photo's and it scales, and turns, with the
 * image.
 */
export function AnnotationLayer({
  annotations,
  width,
  height,
}: {
  annotations: readonly Annotation[];
  width: number;
  height: number;
}) {
  const unit = Math.max(width, height) / 100;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    >
      {annotations.map((a, i) => {
        const { x, y } = a;
        const w = a.width ?? 16 * unit;
        const h = a.height ?? 16 * unit;
        const stroke = {
          stroke: a.color,
          strokeWidth: 1.2,
          fill: 'none',
          vectorEffect: 'non-scaling-stroke',
        };
        if (a.kind === 'circle') return <ellipse key={i} cx={x} cy={y} rx={w / 2} ry={h / 2} {...stroke} />;
        if (a.kind === 'rectangle')
          return <rect key={i} x={x - w / 2} y={y - h / 2} width={w} height={h} {...stroke} />;
        if (a.kind === 'arrow')
          return (
            <g key={i} {...stroke} strokeWidth={2}>
              <line x1={x - w / 2} y1={y - h / 2} x2={x} y2={y} />
              <polyline points={`${x - 5 * unit},${y - unit} ${x},${y} ${x - unit},${y - 5 * unit}`} />
            </g>
          );
        return (
          <text key={i} x={x} y={y} fill={a.color} fontSize={6 * unit} fontWeight={700}>
            {a.text}
          </text>
        );
      })}
    </svg>
  );
}

/**
 * A photo as it was turned, with its marks: the box takes the turned shape (so a sideways photo
 * stays within its grid cell on a phone) and the image turns inside it. `children` draw over the
 * shown (turned) box, not the photo: a pointer, say.
 */
export function TurnedPhoto({
  photo,
  src,
  annotations,
  children,
}: {
  photo: PhotoShape;
  src: string;
  annotations: readonly Annotation[];
  children?: ReactNode;
}) {
  const layout = turnedLayout(photo.width, photo.height, photo.rotation);
  return (
    <div
      style={{
        position: 'relative',
        aspectRatio: layout.aspectRatio,
        width: '100%',
        overflow: 'hidden',
        borderRadius: 8,
      }}
    >
      <div
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: layout.innerWidth,
          height: layout.innerHeight,
          transform: `translate(-50%, -50%) rotate(${photo.rotation}deg)`,
        }}
      >
        <img src={src} alt={photo.name} style={{ display: 'block', width: '100%', height: '100%' }} />
        <AnnotationLayer annotations={annotations} width={photo.width} height={photo.height} />
      </div>
      {children}
    </div>
  );
}
