import { Group, Text, type MantineSize } from '@mantine/core';

/** The Stormline mark: a rain cloud over three drops. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const background = inverted ? 'rgba(255,255,255,0.14)' : 'var(--mantine-color-storm-8)';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={background} />
      <path
        d="M9 19.5a5 5 0 0 1 1.2-9.86A6.5 6.5 0 0 1 22.6 11a4.25 4.25 0 0 1 .4 8.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path
        d="M12 22.5l-1 2.5M16.5 22.5l-1 2.5M21 22.5l-1 2.5"
        stroke="#7fd3e6"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Brand({
  size = 'lg',
  inverted = false,
  hideNameBelow,
}: {
  size?: MantineSize;
  inverted?: boolean;
  /** Hide the word mark below this breakpoint (narrow top bars keep only the mark). */
  hideNameBelow?: 'xs' | 'sm' | 'md';
}) {
  const markSize = size === 'xl' ? 40 : size === 'lg' ? 32 : 28;
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={markSize} inverted={inverted} />
      <Text
        component="span"
        fw={700}
        fz={size}
        lts={-0.2}
        c={inverted ? 'white' : 'harbor.9'}
        visibleFrom={hideNameBelow}
      >
        Stormline
      </Text>
    </Group>
  );
}
