// A machine's chart, zoomable and pannable; states can be chosen with mouse or keyboard, and live states
// are highlighted. The SVG is our own build artefact and still goes through the sanitiser.
import { useEffect, useMemo, useRef } from 'react';
import DOMPurify from 'dompurify';
import { ActionIcon, Box, Group } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';

interface FlowChartProps {
  svg: string;
  selectedStateId: string | null;
  activeStateIds?: readonly string[];
  onSelectState: (stateId: string) => void;
  height?: number;
}

export function FlowChart({ svg, selectedStateId, activeStateIds = [], onSelectState, height = 520 }: FlowChartProps) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true }, ADD_ATTR: ['tabindex', 'role', 'aria-label'] }), [svg]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    root.querySelectorAll<SVGGElement>('g.state').forEach((node) => {
      const id = node.dataset.stateId ?? '';
      node.classList.toggle('is-selected', id === selectedStateId);
      node.classList.toggle('is-active', activeStateIds.includes(id));
    });
  }, [clean, selectedStateId, activeStateIds]);

  const choose = (target: EventTarget | null) => {
    const node = (target as Element | null)?.closest?.('g.state') as SVGGElement | null;
    if (node?.dataset.stateId) onSelectState(node.dataset.stateId);
  };

  return (
    <TransformWrapper minScale={0.3} maxScale={4} initialScale={1} limitToBounds={false} wheel={{ step: 0.1 }}>
      {({ zoomIn, zoomOut, resetTransform }) => (
        <Box pos="relative" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden' }}>
          <Group gap={4} pos="absolute" top={8} right={8} style={{ zIndex: 1 }}>
            <ActionIcon variant="default" onClick={() => zoomIn()} aria-label={t`Zoom in`}>
              <IconZoomIn size={16} />
            </ActionIcon>
            <ActionIcon variant="default" onClick={() => zoomOut()} aria-label={t`Zoom out`}>
              <IconZoomOut size={16} />
            </ActionIcon>
            <ActionIcon variant="default" onClick={() => resetTransform()} aria-label={t`Reset zoom`}>
              <IconZoomReset size={16} />
            </ActionIcon>
          </Group>
          <TransformComponent wrapperStyle={{ width: '100%', height, background: '#fff' }}>
            <div
              ref={container}
              className="flow-chart"
              data-testid="flow-chart"
              onClick={(event) => choose(event.target)}
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
