import { Outlet } from 'react-router-dom';
import { useMediaQuery } from '@mantine/hooks';
import { Box, Flex, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconClipboardCheck, IconMap2 } from '@tabler/icons-react';
import { Brand } from '../../components/brand';

const HIGHLIGHTS = [
  { icon: IconClipboardCheck, text: 'Routine and post-storm inspections, scheduled and on time' },
  { icon: IconMap2, text: 'Findings with photos, pinned on the site map' },
  { icon: IconCertificate, text: 'Certification and compliance with electronic signatures' },
];

/** The brand side of the page, from md up. */
function BrandPanel() {
  return (
    <Box
      w={{ md: '44%', lg: '42%' }}
      p={48}
      style={{
        background:
          'radial-gradient(120% 80% at 0% 100%, rgba(127, 211, 230, 0.12) 0%, transparent 60%), linear-gradient(160deg, #0d2f46 0%, #0b4f6c 55%, #08577a 100%)',
        color: 'white',
      }}
    >
      <Stack h="100%" justify="space-between" gap="xl">
        <Brand size="xl" inverted />
        <Stack gap="lg" maw={440}>
          <Title order={2} fz={34} lh={1.2} c="white" fw={650}>
            Site inspections and stormwater compliance, in one place.
          </Title>
          <Text c="rgba(255,255,255,0.88)" fz="md">
            Stormline keeps inspectors, managers, clients and regulators working from the same record of every
            site.
          </Text>
          <List spacing="md" center>
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon size={34} radius="md" color="rgba(255,255,255,0.12)">
                    <Icon size={19} stroke={1.7} color="#bfe9f3" />
                  </ThemeIcon>
                }
              >
                <Text c="rgba(255,255,255,0.92)" fz="sm">
                  {text}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text fz="xs" c="rgba(255,255,255,0.85)">
          © {new Date().getFullYear()} Stormline · Construction-site and stormwater inspection management
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * Sign-in, forgotten and reset password, registration: the brand on one side, the form on the other.
 * The brand panel's text stays at 4.5:1 or more against the lightest corner of its gradient (axe
 * cannot measure text on a gradient, so this is held by hand).
 */
export function AuthLayout() {
  // Known on the first render, so a phone neither builds the panel nor renders the page twice.
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  return (
    <Flex mih="100vh" direction={{ base: 'column', md: 'row' }}>
      {wide && <BrandPanel />}
      {/* Top-aligned, not centred: the brand shows while the page's module loads, and a centred
          column moved it (and everything) up when the form arrived, a layout shift of 0.156 on a
          phone (docs/decisions/0028). */}
      <Flex
        component="main"
        flex={1}
        align="flex-start"
        justify="center"
        p={{ base: 'md', sm: 'xl' }}
        pt={{ base: 'md', sm: 'xl', md: '12vh' }}
        bg="gray.0"
      >
        <Stack w="100%" maw={420} gap="xl">
          <Box hiddenFrom="md">
            <Brand size="lg" />
          </Box>
          <Outlet />
        </Stack>
      </Flex>
    </Flex>
  );
}
