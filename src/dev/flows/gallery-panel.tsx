// The state gallery beside the chart on /flows: the real screen of the chosen state at desktop and phone width,
// from docs/statecharts/gallery (written by `npm run gallery`); a state the app only passes through says so.
import { Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';

/** One machine's gallery (docs/statecharts/gallery/<machine>/index.json). */
interface GalleryIndex {
  screens: Record<string, { desktop: string | null; phone: string | null; description: string }>;
  states: Record<string, { screens: string[]; note?: string }>;
}

const indexFiles = import.meta.glob<GalleryIndex>('../../../docs/statecharts/gallery/*/index.json', { import: 'default' });
const images = import.meta.glob<string>('../../../docs/statecharts/gallery/**/*.webp', { query: '?url', import: 'default' });
const imageUrl = (file: string | null) => (file ? images[`../../../docs/statecharts/gallery/${file}`]?.() : undefined) ?? Promise.resolve(null);

function useScreens(flowName: string, stateId: string | null) {
  return useQuery({
    queryKey: ['flow-gallery', flowName, stateId],
    enabled: stateId !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const machine = await (indexFiles[`../../../docs/statecharts/gallery/${flowName}/index.json`]?.() ?? Promise.resolve(null));
      const state = machine?.states[stateId!];
      if (!state) return { kind: 'none' as const };
      if (state.screens.length === 0) return { kind: 'passing' as const, note: state.note };
      if (!machine) return { kind: 'none' as const };
      const screens = await Promise.all(
        state.screens.map(async (screen) => ({
          screen,
          description: machine.screens[screen]!.description,
          desktop: await imageUrl(machine.screens[screen]!.desktop),
          phone: await imageUrl(machine.screens[screen]!.phone),
        })),
      );
      return { kind: 'shown' as const, screens };
    },
  });
}

export function GalleryPanel({ flowName, stateId }: { flowName: string; stateId: string | null }) {
  const { t } = useLingui();
  const gallery = useScreens(flowName, stateId);
  if (stateId === null || !gallery.data) return null;
  return (
    <Stack gap="xs" data-testid="state-gallery">
      <Title order={3} size="h4">
        <Trans>On screen</Trans>
      </Title>
      {gallery.data.kind === 'none' && (
        <Text c="dimmed" size="sm">
          <Trans>No screenshot of this state yet (npm run gallery).</Trans>
        </Text>
      )}
      {gallery.data.kind === 'passing' && (
        <Text size="sm">
          {/* The driver's own words (English, like the machines' descriptions) where the reason is not a call in flight. */}
          {gallery.data.note ?? <Trans>No screen of its own: the app passes this state while a call is in flight.</Trans>}
        </Text>
      )}
      {gallery.data.kind === 'shown' &&
        gallery.data.screens.map(({ screen, description, desktop, phone }) => (
          <Group key={screen} align="flex-start" wrap="nowrap" gap="sm" data-screen={screen}>
            {desktop && <Image src={desktop} w="70%" alt={t`${description} (desktop)`} radius="sm" />}
            {phone && <Image src={phone} w="22%" alt={t`${description} (phone)`} radius="sm" />}
          </Group>
        ))}
    </Stack>
  );
}
