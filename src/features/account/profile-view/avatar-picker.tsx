// The profile's photo (spec §5 "Avatar"): the current or the new one, Change photo (PNG or JPG) and the
// cropper, whose code loads when the member is about to pick a photo. The avatar flow's 150×150 result goes to
// the profile flow, which saves it with the profile.
import { lazy, Suspense, useEffect } from 'react';
import { Avatar, Button, FileButton, Group, Loader, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectPendingAvatar } from '../../../../machines/account/profile.selectors';
import { selectCropping, selectFailure as selectAvatarFailure } from '../../../../machines/account/avatar.selectors';
import { AvatarContext, ProfileContext } from '../account.contexts';

const loadCropper = () => import('./avatar-cropper');
const AvatarCropper = lazy(loadCropper);

export function AvatarPicker({ current }: { current: string | null }) {
  const { t } = useLingui();
  const avatar = AvatarContext.useActorRef();
  const profile = ProfileContext.useActorRef();
  const pending = ProfileContext.useSelector(selectPendingAvatar);
  const cropping = AvatarContext.useSelector(selectCropping);
  const failure = AvatarContext.useSelector(selectAvatarFailure);
  return (
    <Group gap="md">
      <Avatar src={pending ?? current} size={72} radius="xl" alt={t`Your photo`} />
      <FileButton accept="image/png,image/jpeg" onChange={(file) => file && avatar.send({ type: 'file.choose', file })}>
        {(props) => (
          <Button
            variant="light"
            leftSection={<IconUpload size={16} />}
            onPointerEnter={loadCropper}
            onFocus={loadCropper}
            {...props}
          >
            <Trans>Change photo</Trans>
          </Button>
        )}
      </FileButton>
      {pending && (
        <>
          <Text size="sm" c="dimmed">
            <Trans>The new photo is saved with the profile.</Trans>
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => profile.send({ type: 'avatar.reset' })}>
            <Trans>Keep the current photo</Trans>
          </Button>
        </>
      )}
      {failure === 'read' && (
        <Text size="sm" c="red" role="alert">
          <Trans>This picture could not be read. Please choose another PNG or JPG file.</Trans>
        </Text>
      )}
      {cropping && (
        <Suspense fallback={<Loader size="sm" aria-label={t`Loading`} />}>
          <AvatarCropper />
        </Suspense>
      )}
    </Group>
  );
}

/** The avatar flow announces its 150×150 result; the profile flow takes it and saves it with the profile. */
export function AvatarToProfile() {
  const avatar = AvatarContext.useActorRef();
  const profile = ProfileContext.useActorRef();
  useEffect(() => {
    const subscription = avatar.on('avatar.cropped', ({ dataUrl }) => profile.send({ type: 'avatar.set', dataUrl }));
    return () => subscription.unsubscribe();
  }, [avatar, profile]);
  return null;
}
