'use client';
/**
 * Crop and focal point of a Studio picture (issue 33, the picture library): the picture with the
 * crop drawn on it (drag on the picture, or the labelled sliders, to move it), the shape (the
 * field's own first, when its schema names one), the zoom, the focal point (click the result, or
 * its sliders), and the result as the site will show it. Nothing is sent to the server: the crop is
 * written into the picture's address (domain/studio/picture-crop.ts) when the editor chooses it.
 */
import { useId, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import {
  aspectOf,
  CROP_SHAPES,
  cropAt,
  cropBackground,
  cropSettings,
  focusOf,
  isWholePicture,
  pictureSrc,
  sizeWords,
  type Crop,
  type Focus,
} from '../../../domain/studio/picture-crop';
import studio from '../../components/studio.module.css';
import css from './picture-library.module.css';

export interface CropTarget {
  sha256: string;
  name: string;
  /** The stored picture's own size. */
  width: number;
  height: number;
  /** The crop it has now, if any. */
  crop?: Crop | undefined;
  focus?: Focus | undefined;
}

export interface CroppedPicture {
  src: string;
  width: number;
  height: number;
  focus?: Focus;
}

interface Props {
  picture: CropTarget;
  /** The field's own shape ("32:9"), when its schema names one. */
  fieldShape?: string | undefined;
  /** Whether the field keeps a focal point (the logo does not: it is never cut). */
  withFocus: boolean;
  onUse(picture: CroppedPicture): void;
  onBack(): void;
  backLabel: string;
}

const CURRENT = 'current';

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

export function CropEditor({ picture, fieldShape, withFocus, onUse, onBack, backLabel }: Props) {
  const id = useId();
  const size = { width: picture.width, height: picture.height };
  const start =
    picture.crop && !isWholePicture(picture.crop, size.width, size.height)
      ? cropSettings(picture.crop, size)
      : undefined;
  const fieldRatio = aspectOf(fieldShape);
  const [shapeId, setShapeId] = useState(start ? CURRENT : fieldRatio ? (fieldShape ?? 'original') : 'original');
  const [zoom, setZoom] = useState(start ? Math.round(start.zoom * 100) / 100 : 1);
  const [centre, setCentre] = useState(start?.centre ?? { x: 0.5, y: 0.5 });
  const [focus, setFocus] = useState<Focus>(focusOf(picture.focus) ?? { x: 50, y: 50 });
  const stage = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const shapes = [
    ...(start
      ? [{ id: CURRENT, label: `As cropped now (${sizeWords(picture.crop?.width ?? 0, picture.crop?.height ?? 0)})` }]
      : []),
    ...CROP_SHAPES.map((s) => (s.id === fieldShape ? { ...s, label: `${s.label}: the shape this field shows` } : s)),
  ];
  const ratio = shapeId === CURRENT ? start?.shape : shapeId === 'original' ? undefined : aspectOf(shapeId);
  const crop = cropAt(size, ratio, zoom, centre);
  const whole = isWholePicture(crop, size.width, size.height);
  const original = pictureSrc(picture.sha256);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = stage.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return;
    setCentre({
      x: clamp01((event.clientX - box.left) / box.width),
      y: clamp01((event.clientY - box.top) / box.height),
    });
  };
  const pct = (n: number, whole: number) => `${(n / whole) * 100}%`;
  const boxStyle: CSSProperties = {
    left: pct(crop.x, size.width),
    top: pct(crop.y, size.height),
    width: pct(crop.width, size.width),
    height: pct(crop.height, size.height),
  };
  // At most 16rem wide and 10rem high: the whole crop stays on screen beside the picture.
  const resultStyle: CSSProperties = {
    width: `min(100%, ${Math.min(16, (10 * crop.width) / crop.height).toFixed(2)}rem)`,
    aspectRatio: `${crop.width} / ${crop.height}`,
    backgroundImage: `url("${original}")`,
    ...cropBackground(crop, size),
  };
  // Where the crop's centre is now, as the position sliders show it (the edges may hold it back).
  const across = Math.round(((crop.x + crop.width / 2) / size.width) * 100);
  const down = Math.round(((crop.y + crop.height / 2) / size.height) * 100);

  return (
    <div className={css.crop}>
      <div className={css.cropStage}>
        <p className={css.muted} id={`${id}-stage-help`}>
          Drag on the picture to move the crop, or use the sliders. {picture.name ? `${picture.name}, ` : ''}
          {sizeWords(size.width, size.height)}.
        </p>
        <div
          ref={stage}
          className={css.stage}
          onPointerDown={(event) => {
            dragging.current = true;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            moveTo(event);
          }}
          onPointerMove={(event) => {
            if (dragging.current) moveTo(event);
          }}
          onPointerUp={() => {
            dragging.current = false;
          }}
          onPointerCancel={() => {
            dragging.current = false;
          }}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- the stored picture itself, to crop */}
          <img src={original} alt="" draggable={false} className={css.stageImage} />
          <div className={css.cropBox} style={boxStyle} aria-hidden="true" />
        </div>
      </div>

      <div className={css.cropControls}>
        <label htmlFor={`${id}-shape`}>Shape</label>
        <select id={`${id}-shape`} value={shapeId} onChange={(event) => setShapeId(event.target.value)}>
          {shapes.map((shape) => (
            <option key={shape.id} value={shape.id}>
              {shape.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-zoom`}>Zoom</label>
        <input
          id={`${id}-zoom`}
          type="range"
          min={1}
          max={4}
          step={0.05}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
        <label htmlFor={`${id}-across`}>Crop position across</label>
        <input
          id={`${id}-across`}
          type="range"
          min={0}
          max={100}
          value={across}
          aria-valuetext={`${across}% from the left`}
          onChange={(event) => setCentre({ ...centre, x: Number(event.target.value) / 100 })}
        />
        <label htmlFor={`${id}-down`}>Crop position down</label>
        <input
          id={`${id}-down`}
          type="range"
          min={0}
          max={100}
          value={down}
          aria-valuetext={`${down}% from the top`}
          onChange={(event) => setCentre({ ...centre, y: Number(event.target.value) / 100 })}
        />

        <p className={css.resultLabel} id={`${id}-result`}>
          The result: {whole ? 'the whole picture' : sizeWords(crop.width, crop.height)}
          {withFocus ? '. Click it to set the focal point.' : '.'}
        </p>
        <div
          className={css.result}
          style={resultStyle}
          role="img"
          aria-labelledby={`${id}-result`}
          onClick={(event) => {
            if (!withFocus) return;
            const box = event.currentTarget.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) return;
            setFocus({
              x: Math.round(clamp01((event.clientX - box.left) / box.width) * 100),
              y: Math.round(clamp01((event.clientY - box.top) / box.height) * 100),
            });
          }}
        >
          {withFocus ? (
            <span className={css.focus} style={{ left: `${focus.x}%`, top: `${focus.y}%` }} aria-hidden="true" />
          ) : null}
        </div>
        {withFocus ? (
          <fieldset className={css.focusFields}>
            <legend>Focal point: kept in view where the site cuts the picture to fit</legend>
            <label htmlFor={`${id}-focus-x`}>Focal point across</label>
            <input
              id={`${id}-focus-x`}
              type="range"
              min={0}
              max={100}
              value={focus.x}
              aria-valuetext={`${focus.x}% from the left`}
              onChange={(event) => setFocus({ ...focus, x: Number(event.target.value) })}
            />
            <label htmlFor={`${id}-focus-y`}>Focal point down</label>
            <input
              id={`${id}-focus-y`}
              type="range"
              min={0}
              max={100}
              value={focus.y}
              aria-valuetext={`${focus.y}% from the top`}
              onChange={(event) => setFocus({ ...focus, y: Number(event.target.value) })}
            />
          </fieldset>
        ) : null}

        <div className={css.actions}>
          <button
            type="button"
            className={studio.button}
            onClick={() =>
              onUse({
                src: pictureSrc(picture.sha256, whole ? undefined : crop),
                width: crop.width,
                height: crop.height,
                // The middle is what the site shows anyway: no focal point is written for it.
                ...(withFocus && (focus.x !== 50 || focus.y !== 50) ? { focus } : {}),
              })
            }
          >
            Use this picture
          </button>
          <button type="button" className={`${studio.button} ${studio.secondary}`} onClick={onBack}>
            {backLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
