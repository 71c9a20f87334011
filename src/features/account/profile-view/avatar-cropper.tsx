// The avatar cropper (spec §5 "Avatar": 500 px wide, zoom step 0.2, rotate 90 degrees). Its code loads
// when a member picks a photo, not with the profile page.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconRotateClockwise } from '@tabler/icons-react';
import Cropper, { type Area } from 'react-easy-crop';
import { avatar } from '../../../../domain/limits';
import { selectBusy, selectCropping, selectFailure, selectSource } from '../../../../machines/account/avatar.selectors';
import { useOverlay } from '../../../lib/overlays';
import { AvatarContext } from '../account.contexts';

const { cropperWidth, rotationStep, zoomStep } = avatar;

export default function AvatarCropper() {
  const { t } = useLingui();
  const actor = AvatarContext.useActorRef();
  const source = AvatarContext.useSelector(selectSource);
  const opened = AvatarContext.useSelector(selectCropping);
  const busy = AvatarContext.useSelector(selectBusy);
  const failure = AvatarContext.useSelector(selectFailure);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  useOverlay(opened);
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'crop.cancel' })}
      title={t`Crop your photo`}
      size={cropperWidth + 40}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {source && (
        <Stack gap="md">
          <div
            style={{
              position: 'relative',
              width: '100%',
              maxWidth: cropperWidth,
              height: 340,
              margin: '0 auto',
              background: '#222',
            }}
          >
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              rotation={rotation}
              aspect={1}
              cropShape="round"
              zoomSpeed={zoomStep}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </div>
          <Group wrap="nowrap" gap="md">
            <Text size="sm" id="zoom-label">
              <Trans>Zoom</Trans>
            </Text>
            <Slider
              aria-labelledby="zoom-label"
              min={1}
              max={3}
              step={zoomStep}
              value={zoom}
              onChange={setZoom}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="default"
              onClick={() => setRotation((value) => (value + rotationStep) % 360)}
              aria-label={t`Rotate 90 degrees`}
            >
              <IconRotateClockwise size={18} />
            </ActionIcon>
          </Group>
          {failure === 'draw' && (
            <Alert color="red" role="alert">
              <Trans>The photo could not be prepared. Please try again, or choose another picture.</Trans>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'crop.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              loading={busy}
              disabled={!area}
              onClick={() => area && actor.send({ type: 'crop.confirm', area: { ...area, rotation } })}
            >
              <Trans>Use this photo</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
