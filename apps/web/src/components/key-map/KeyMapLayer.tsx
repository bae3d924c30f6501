import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { KEY_MAP_CONTROL_KINDS, keyLabel, type KeyMap, type KeyMapControlKind } from '@cloudphone/contracts/key-maps';
import { CONTROL_DRAG_TYPE, movedControl, newControl, withControl } from './key-map-draft';
import './key-map.css';

/** The picture's place in the page (client coordinates), or null before there is one. */
export type PictureBox = () => { left: number; top: number; width: number; height: number } | null;

interface KeyMapLayerProps {
  map: KeyMap;
  /** Where the phone's picture is: the layer lies exactly over it. */
  pictureOf: PictureBox;
  /** Changes when the picture may have moved without the page resizing (a new stream, a rotation). */
  pictureEpoch?: unknown;
  /** Editing: controls are dragged and chosen; otherwise they are translucent labels only. */
  editing?: boolean;
  selected?: number | null;
  onSelect?: (index: number) => void;
  /** A control dragged, or one dropped from the editor's palette: the map with it where it is now. */
  onChange?: (map: KeyMap) => void;
}

/**
 * A key map over the phone's picture (issue 65): each control's key where it touches, a joystick as
 * its reach with its four keys. In edit mode a control is dropped from the palette and dragged to its
 * place, in fractions of the picture, and chosen to change its keys and size. It lies over the picture exactly, whatever the
 * window's size and the phone's rotation.
 */
export function KeyMapLayer({
  map,
  pictureOf,
  pictureEpoch,
  editing = false,
  selected = null,
  onSelect,
  onChange,
}: KeyMapLayerProps) {
  const layer = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ left: number; top: number; width: number; height: number } | null>(null);
  const dragging = useRef<{ index: number; pointerId: number } | null>(null);

  useLayoutEffect(() => {
    const parent = layer.current?.parentElement;
    if (!parent) return;
    const place = () => {
      const picture = pictureOf();
      const origin = parent.getBoundingClientRect();
      setBox(
        picture && picture.width > 0
          ? {
              left: picture.left - origin.left,
              top: picture.top - origin.top,
              width: picture.width,
              height: picture.height,
            }
          : null,
      );
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(parent);
    // The picture's own size arrives with the stream, after the layout settles.
    const settle = setTimeout(place, 300);
    return () => {
      observer.disconnect();
      clearTimeout(settle);
    };
  }, [pictureOf, pictureEpoch]);

  useEffect(() => () => void (dragging.current = null), []);

  const fractionAt = (event: { clientX: number; clientY: number }) => {
    const rect = layer.current!.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };
  const grab = (index: number) => (event: ReactPointerEvent<HTMLElement>) => {
    if (!editing) return;
    event.preventDefault();
    event.stopPropagation();
    onSelect?.(index);
    dragging.current = { index, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const drag = (event: ReactPointerEvent<HTMLElement>) => {
    const held = dragging.current;
    if (!held || held.pointerId !== event.pointerId) return;
    const control = map.controls[held.index];
    if (control) onChange?.(withControl(map, held.index, movedControl(control, fractionAt(event))));
  };
  const drop = () => void (dragging.current = null);

  const shorter = box ? Math.min(box.width, box.height) : 0;
  return (
    <div
      ref={layer}
      className={`cp-key-map${editing ? ' cp-key-map--editing' : ''}`}
      data-testid="key-map-layer"
      onDragOver={(event) => editing && event.dataTransfer.types.includes(CONTROL_DRAG_TYPE) && event.preventDefault()}
      onDrop={(event) => {
        const kind = event.dataTransfer.getData(CONTROL_DRAG_TYPE) as KeyMapControlKind;
        if (!editing || !KEY_MAP_CONTROL_KINDS.includes(kind)) return;
        event.preventDefault();
        onChange?.({ ...map, controls: [...map.controls, newControl(map, kind, fractionAt(event))] });
        onSelect?.(map.controls.length);
      }}
      style={box ? { left: box.left, top: box.top, width: box.width, height: box.height } : { display: 'none' }}
    >
      {map.controls.map((control, index) => {
        const common = {
          key: index,
          'data-testid': 'key-map-control',
          'data-kind': control.kind,
          'aria-selected': selected === index,
          className: `cp-key-map__control cp-key-map__control--${control.kind}${selected === index ? ' is-selected' : ''}`,
          onPointerDown: grab(index),
          onPointerMove: drag,
          onPointerUp: drop,
          onPointerCancel: drop,
        };
        const at = { left: `${control.x * 100}%`, top: `${control.y * 100}%` };
        if (control.kind !== 'joystick')
          return (
            <div {...common} style={at}>
              {keyLabel(control.key)}
            </div>
          );
        const size = control.radius * shorter * 2;
        return (
          <div {...common} style={{ ...at, width: size, height: size }}>
            <span className="cp-key-map__dir cp-key-map__dir--up">{keyLabel(control.keys.up)}</span>
            <span className="cp-key-map__dir cp-key-map__dir--left">{keyLabel(control.keys.left)}</span>
            <span className="cp-key-map__dir cp-key-map__dir--down">{keyLabel(control.keys.down)}</span>
            <span className="cp-key-map__dir cp-key-map__dir--right">{keyLabel(control.keys.right)}</span>
          </div>
        );
      })}
    </div>
  );
}
