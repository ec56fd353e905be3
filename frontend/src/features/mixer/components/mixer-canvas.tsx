import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Text';
import 'konva/lib/shapes/Transformer';
import type { Layer as KonvaLayer } from 'konva/lib/Layer';
import type { KonvaEventObject, Node as KonvaNode } from 'konva/lib/Node';
import type { Box as CornerBox, Transformer as KonvaTransformer } from 'konva/lib/shapes/Transformer';
import type { Stage as KonvaStage } from 'konva/lib/Stage';
import type { Vector2d } from 'konva/lib/types';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Image, Layer, Rect, Stage, Text, Transformer } from 'react-konva/lib/ReactKonvaCore';
import { fontFamily, type ImageElement, type MixerElement, type TextElement } from '../composition';
import {
  boxFits,
  boxFromNode,
  clampBox,
  clampCenter,
  fromCornerBox,
  nodeAttrs,
  ROTATION_SNAP_TOLERANCE,
  ROTATION_SNAPS,
  snapRotation,
  toPercent,
  toPixels,
  type Box,
} from '../geometry';
import { fittingPng } from '../png';
import { stampImage, useStampImages } from '../stamp-images';
import { fitFontSize, textLines, textWidthPerFont } from '../text-layout';

/** The largest side of the canvas on the page, in CSS pixels (the minted PNG's side). */
export const MAX_STAGE_SIZE = 420;

/** What the mixer asks of its canvas. */
export type MixerCanvasHandle = {
  /** The canvas as a PNG file (without the selection's handles), at most 64,000 bytes where it can be. */
  toPng: () => Uint8Array;
};

/** The placeholder of an image that did not load: drawn on the page, left out of the PNG. */
const PLACEHOLDER = 'placeholder';

const SNAPS = [...ROTATION_SNAPS];

type NodeHandlers = {
  onSelect: (id: string) => void;
  onBoxChange: (id: string, box: Box) => void;
};

/**
 * What every element's node shares: its place (centre, turned about it), dragging kept inside the canvas, and the
 * box written back once a drag or a transform ends (never during one: a drag redraws one layer and nothing else).
 */
function nodeProps(element: MixerElement, size: number, { onSelect, onBoxChange }: NodeHandlers) {
  const select = () => {
    onSelect(element.id);
  };
  const settle = (node: KonvaNode, rotation: number) => {
    const box = clampBox(
      boxFromNode(
        {
          x: node.x(),
          y: node.y(),
          width: node.width() * node.scaleX(),
          height: node.height() * node.scaleY(),
          rotation,
        },
        size,
      ),
    );
    // The node takes the settled box at once: the new props may equal the old ones, which the renderer skips.
    node.setAttrs({ ...nodeAttrs(box, size), scaleX: 1, scaleY: 1 });
    onBoxChange(element.id, box);
  };
  return {
    id: element.id,
    ...nodeAttrs(element.box, size),
    draggable: true,
    perfectDrawEnabled: false,
    onMouseDown: select,
    onTouchStart: select,
    dragBoundFunc: (position: Vector2d): Vector2d => {
      const center = clampCenter({ x: toPercent(position.x, size), y: toPercent(position.y, size) }, element.box);
      return { x: toPixels(center.x, size), y: toPixels(center.y, size) };
    },
    onDragEnd: (event: KonvaEventObject<DragEvent>) => {
      settle(event.target, event.target.rotation());
    },
    onTransformEnd: (event: KonvaEventObject<Event>) => {
      settle(event.target, snapRotation(event.target.rotation()));
    },
  };
}

function ImageNode({ element, size, handlers }: { element: ImageElement; size: number; handlers: NodeHandlers }) {
  const image = stampImage(element.cpid);
  const props = nodeProps(element, size, handlers);
  if (image.status !== 'loaded') {
    return <Rect {...props} name={PLACEHOLDER} fill="rgba(154, 154, 168, 0.25)" stroke="#9a9aa8" dash={[6, 4]} />;
  }
  return <Image {...props} image={image.image} />;
}

function TextNode({ element, size, handlers }: { element: TextElement; size: number; handlers: NodeHandlers }) {
  const props = nodeProps(element, size, handlers);
  const widthPerFont = useMemo(() => textWidthPerFont(element.text, element.font), [element.text, element.font]);
  const fontSize = fitFontSize(widthPerFont, textLines(element.text).length, props.width, props.height);
  return (
    <Text
      {...props}
      text={element.text}
      fontFamily={fontFamily(element.font)}
      fontSize={fontSize}
      lineHeight={1}
      align="center"
      verticalAlign="middle"
      wrap="none"
      fill={element.color}
      shadowColor={element.shadow}
      // A hard shadow: a blurred one made redrawing texts (each drag frame) several times slower.
      shadowBlur={0}
      shadowOffsetX={fontSize * 0.05}
      shadowOffsetY={fontSize * 0.05}
      shadowOpacity={1}
      shadowForStrokeEnabled={false}
    />
  );
}

type MixerCanvasProps = {
  elements: readonly MixerElement[];
  background: string;
  selectedId: string | null;
  /** Called with the element pressed, or null when the empty canvas is. */
  onSelect: (id: string | null) => void;
  /** Called with an element's new box when a drag, a resize or a rotation ends. */
  onBoxChange: (id: string, box: Box) => void;
  ref?: Ref<MixerCanvasHandle>;
};

/**
 * The mixer's canvas: the background, the elements back to front (pressed to select, dragged, and resized or
 * rotated with the selected one's handles, rotations snapping to multiples of 15 degrees within 3, every element
 * kept inside and at least 5% wide and high), as wide as its container up to 420 pixels.
 *
 * Three layers: the background (drawn once), the elements, and the selection's handles, so that a drag redraws only
 * what moves. Nothing reaches React until a gesture ends.
 */
export function MixerCanvas({ elements, background, selectedId, onSelect, onBoxChange, ref }: MixerCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<KonvaStage>(null);
  const elementsLayer = useRef<KonvaLayer>(null);
  const handlesLayer = useRef<KonvaLayer>(null);
  const transformer = useRef<KonvaTransformer>(null);
  const [size, setSize] = useState(0);
  const imagesVersion = useStampImages();
  const selected = elements.find((element) => element.id === selectedId);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      setSize(Math.min(MAX_STAGE_SIZE, Math.floor(element.clientWidth)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const handles = transformer.current;
    if (!handles) return;
    const node = selectedId ? elementsLayer.current?.findOne(`#${selectedId}`) : undefined;
    handles.nodes(node ? [node] : []);
    handles.getLayer()?.batchDraw();
  }, [selectedId, elements, size, imagesVersion]);

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => {
        const canvas = stage.current;
        if (!canvas || size === 0) throw new Error('The canvas is not drawn yet');
        const hidden = [...canvas.find(`.${PLACEHOLDER}`), ...(handlesLayer.current ? [handlesLayer.current] : [])];
        for (const node of hidden) node.hide();
        try {
          // A quarter pixel more, so that the canvas's side rounds down to `side`; the stamps' pixels kept, as on
          // the page (an export draws each layer anew, without the layer's own setting).
          return fittingPng((side) =>
            canvas.toDataURL({ mimeType: 'image/png', pixelRatio: (side + 0.25) / size, imageSmoothingEnabled: false }),
          );
        } finally {
          for (const node of hidden) node.show();
        }
      },
    }),
    [size],
  );

  const handlers: NodeHandlers = { onSelect, onBoxChange };
  return (
    <div ref={frame} className="mixer__frame">
      {size > 0 && (
        <Stage
          ref={stage}
          width={size}
          height={size}
          onMouseDown={(event) => {
            if (event.target === event.target.getStage()) onSelect(null);
          }}
          onTouchStart={(event) => {
            if (event.target === event.target.getStage()) onSelect(null);
          }}
        >
          <Layer listening={false}>
            <Rect width={size} height={size} fill={background} perfectDrawEnabled={false} />
          </Layer>
          {/* Stamps are mostly pixel art: scaled up, they keep their pixels (and the PNG stays small). */}
          <Layer ref={elementsLayer} imageSmoothingEnabled={false}>
            {elements.map((element) =>
              element.kind === 'image' ? (
                <ImageNode key={element.id} element={element} size={size} handlers={handlers} />
              ) : (
                <TextNode key={element.id} element={element} size={size} handlers={handlers} />
              ),
            )}
          </Layer>
          <Layer ref={handlesLayer}>
            <Transformer
              ref={transformer}
              rotationSnaps={SNAPS}
              rotationSnapTolerance={ROTATION_SNAP_TOLERANCE}
              flipEnabled={false}
              keepRatio={selected?.kind === 'image'}
              boundBoxFunc={(oldBox: CornerBox, newBox: CornerBox) =>
                boxFits(fromCornerBox(newBox, size)) ? newBox : oldBox
              }
            />
          </Layer>
        </Stage>
      )}
    </div>
  );
}
