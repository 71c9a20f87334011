// A machine's chart: fitted to the view when it opens, zoomed and panned with the wheel, the buttons or
// the keyboard (+ and - zoom, arrows pan, 0 fits); states can be chosen with mouse or keyboard; states
// and edges that match a search are highlighted, live states too; a return stub shows its whole route
// while it is hovered or focused, or its state chosen. The SVG is our own build artefact and
// still goes through the sanitiser.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import DOMPurify from 'dompurify';
import { ActionIcon, Box, Group } from '@mantine/core';
import { IconArrowsMinimize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchContentRef } from 'react-zoom-pan-pinch';
import { showReturnRoutes } from './chart-returns';
import { markMatches } from './chart-search';

interface FlowChartProps {
  svg: string;
  selectedStateId: string | null;
  activeStateIds?: readonly string[];
  onSelectState: (stateId: string) => void;
  /** Highlights the states and edges that match (see chart-search). */
  query?: string;
  onMatches?: (count: number) => void;
  height?: number;
}

const panStep = 80;

export function FlowChart({ svg, selectedStateId, activeStateIds = [], onSelectState, query = '', onMatches, height = 520 }: FlowChartProps) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const zoom = useRef<ReactZoomPanPinchContentRef>(null);
  /** The return stub under the pointer or focus (g.edge.return), whose route is shown. */
  const [pointedStub, setPointedStub] = useState<Element | null>(null);
  const clean = useMemo(() => DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true }, ADD_ATTR: ['tabindex', 'role', 'aria-label'] }), [svg]);

  /** Scales the whole chart into the view (never above its natural size) and centres it. */
  const fit = useCallback(() => {
    const chart = container.current?.querySelector('svg');
    const view = container.current?.closest('.flow-chart-frame');
    if (!chart || !view || !zoom.current) return;
    const width = Number(chart.getAttribute('width'));
    const chartHeight = Number(chart.getAttribute('height'));
    const viewWidth = view.clientWidth;
    if (!width || !chartHeight || !viewWidth) return;
    const scale = Math.min(1, viewWidth / width, height / chartHeight);
    zoom.current.setTransform((viewWidth - width * scale) / 2, (height - chartHeight * scale) / 2, scale, 0);
  }, [height]);

  useEffect(() => fit(), [clean, fit]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    root.querySelectorAll<SVGGElement>('g.state').forEach((node) => {
      const id = node.dataset.stateId ?? '';
      node.classList.toggle('is-selected', id === selectedStateId);
      node.classList.toggle('is-active', activeStateIds.includes(id));
    });
  }, [clean, selectedStateId, activeStateIds]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fromChosen = [...root.querySelectorAll('g.edge.return')].filter((stub) => stub.getAttribute('data-source') === selectedStateId);
    showReturnRoutes(root, pointedStub && root.contains(pointedStub) ? [pointedStub, ...fromChosen] : fromChosen);
  }, [clean, selectedStateId, pointedStub]);

  const pointAt = (target: EventTarget | null) => setPointedStub((target as Element | null)?.closest?.('g.edge.return') ?? null);

  useEffect(() => {
    if (!container.current) return;
    const count = markMatches(container.current, query);
    onMatches?.(count);
  }, [clean, query, onMatches]);

  const choose = (target: EventTarget | null) => {
    const node = (target as Element | null)?.closest?.('g.state') as SVGGElement | null;
    if (node?.dataset.stateId) onSelectState(node.dataset.stateId);
  };

  const onFrameKey = (event: React.KeyboardEvent) => {
    const controls = zoom.current;
    if (!controls || event.target !== event.currentTarget) return;
    const { positionX, positionY, scale } = controls.instance.state;
    const moves: Record<string, [number, number]> = { ArrowLeft: [panStep, 0], ArrowRight: [-panStep, 0], ArrowUp: [0, panStep], ArrowDown: [0, -panStep] };
    if (event.key === '+' || event.key === '=') controls.zoomIn();
    else if (event.key === '-') controls.zoomOut();
    else if (event.key === '0') fit();
    else if (moves[event.key]) controls.setTransform(positionX + moves[event.key]![0], positionY + moves[event.key]![1], scale, 0);
    else return;
    event.preventDefault();
  };

  return (
    <TransformWrapper ref={zoom} minScale={0.1} maxScale={4} initialScale={1} limitToBounds={false} wheel={{ step: 0.1 }}>
      {({ zoomIn, zoomOut }) => (
        <Box
          pos="relative"
          className="flow-chart-frame"
          tabIndex={0}
          aria-label={t`Chart: + and - zoom, the arrow keys pan, 0 fits it to the view`}
          onKeyDown={onFrameKey}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden' }}
        >
          <Group gap={4} pos="absolute" top={8} right={8} style={{ zIndex: 1 }}>
            <ActionIcon variant="default" onClick={() => zoomIn()} aria-label={t`Zoom in`}>
              <IconZoomIn size={16} />
            </ActionIcon>
            <ActionIcon variant="default" onClick={() => zoomOut()} aria-label={t`Zoom out`}>
              <IconZoomOut size={16} />
            </ActionIcon>
            <ActionIcon variant="default" onClick={fit} aria-label={t`Fit to view`}>
              <IconArrowsMinimize size={16} />
            </ActionIcon>
          </Group>
          <TransformComponent wrapperStyle={{ width: '100%', height, background: '#fff' }}>
            <div
              ref={container}
              className={query.trim() ? 'flow-chart has-query' : 'flow-chart'}
              data-testid="flow-chart"
              onClick={(event) => choose(event.target)}
              onPointerOver={(event) => pointAt(event.target)}
              onPointerLeave={() => setPointedStub(null)}
              onFocus={(event) => pointAt(event.target)}
              onBlur={() => setPointedStub(null)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(event.target);
                }
              }}
              // Sanitised above (DOMPurify, SVG profile).
              dangerouslySetInnerHTML={{ __html: clean }}
            />
          </TransformComponent>
        </Box>
      )}
    </TransformWrapper>
  );
}
