import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhotoViewer } from '@/components/photo-viewer';

const PHOTOS = [
  { url: 'https://example.test/1.webp', alt: 'Photos from Jordan, 1 of 2' },
  { url: 'https://example.test/2.webp', alt: 'Photos from Jordan, 2 of 2' },
];

/** Two thumbnails opening the viewer, as a message's photo grid does (no DialogTrigger). */
function Thumbnails() {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      {PHOTOS.map((photo, i) => (
        <button key={photo.url} type="button" onClick={() => setIndex(i)}>
          {photo.alt}
        </button>
      ))}
      <PhotoViewer title="Photos from Jordan" photos={PHOTOS} index={index} onIndexChange={setIndex} />
    </>
  );
}

describe('PhotoViewer', () => {
  it('moves with the arrow keys and, closed with Escape, gives focus back to the thumbnail that opened it', async () => {
    const user = userEvent.setup();
    render(<Thumbnails />);
    const second = screen.getByRole('button', { name: 'Photos from Jordan, 2 of 2' });
    await user.click(second);
    const viewer = screen.getByRole('dialog', { name: 'Photos from Jordan' });
    expect(viewer).toHaveTextContent('2 of 2');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Photos from Jordan, 1 of 2' })).toBeInTheDocument();
    expect(viewer).toHaveTextContent('1 of 2');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second).toHaveFocus();
  });
});
