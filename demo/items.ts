/**
 * Real vanilla item IDs for the demo auction house, with the stack size the game allows and a
 * rough market price per item so generated prices look plausible.
 */

/** The largest stack the game allows: the most items one listing can hold. */
export const MAX_STACK_SIZE = 64;

/** The shape of a vanilla item ID (docs/api-spec.md §2.2): upper-case letters, digits and underscores. */
export const MATERIAL_ID = /^[A-Z][A-Z0-9_]*$/;

export interface DemoItem {
  material: string;
  maxStack: 1 | 16 | 64;
  basePrice: number;
}

export const DEMO_ITEMS: readonly DemoItem[] = [
  { material: 'DIAMOND_SWORD', maxStack: 1, basePrice: 2_500 },
  { material: 'DIAMOND_PICKAXE', maxStack: 1, basePrice: 3_000 },
  { material: 'DIAMOND_AXE', maxStack: 1, basePrice: 2_200 },
  { material: 'DIAMOND_HELMET', maxStack: 1, basePrice: 3_500 },
  { material: 'DIAMOND_CHESTPLATE', maxStack: 1, basePrice: 6_000 },
  { material: 'DIAMOND_LEGGINGS', maxStack: 1, basePrice: 5_200 },
  { material: 'DIAMOND_BOOTS', maxStack: 1, basePrice: 3_000 },
  { material: 'NETHERITE_SWORD', maxStack: 1, basePrice: 45_000 },
  { material: 'NETHERITE_PICKAXE', maxStack: 1, basePrice: 52_000 },
  { material: 'NETHERITE_AXE', maxStack: 1, basePrice: 40_000 },
  { material: 'NETHERITE_HELMET', maxStack: 1, basePrice: 48_000 },
  { material: 'NETHERITE_CHESTPLATE', maxStack: 1, basePrice: 90_000 },
  { material: 'NETHERITE_LEGGINGS', maxStack: 1, basePrice: 80_000 },
  { material: 'NETHERITE_BOOTS', maxStack: 1, basePrice: 46_000 },
  { material: 'ELYTRA', maxStack: 1, basePrice: 250_000 },
  { material: 'TRIDENT', maxStack: 1, basePrice: 120_000 },
  { material: 'MACE', maxStack: 1, basePrice: 400_000 },
  { material: 'BOW', maxStack: 1, basePrice: 400 },
  { material: 'CROSSBOW', maxStack: 1, basePrice: 650 },
  { material: 'SHIELD', maxStack: 1, basePrice: 300 },
  { material: 'ENCHANTED_BOOK', maxStack: 1, basePrice: 1_800 },
  { material: 'TOTEM_OF_UNDYING', maxStack: 1, basePrice: 35_000 },
  { material: 'SHULKER_BOX', maxStack: 1, basePrice: 15_000 },
  { material: 'SADDLE', maxStack: 1, basePrice: 900 },
  { material: 'MUSIC_DISC_PIGSTEP', maxStack: 1, basePrice: 75_000 },
  { material: 'DRAGON_EGG', maxStack: 64, basePrice: 5_000_000 },
  { material: 'DRAGON_HEAD', maxStack: 64, basePrice: 200_000 },
  { material: 'WITHER_SKELETON_SKULL', maxStack: 64, basePrice: 8_000 },
  { material: 'NETHER_STAR', maxStack: 64, basePrice: 60_000 },
  { material: 'BEACON', maxStack: 64, basePrice: 85_000 },
  { material: 'HEAVY_CORE', maxStack: 64, basePrice: 150_000 },
  { material: 'HEART_OF_THE_SEA', maxStack: 64, basePrice: 30_000 },
  { material: 'NETHERITE_UPGRADE_SMITHING_TEMPLATE', maxStack: 64, basePrice: 25_000 },
  { material: 'ENCHANTED_GOLDEN_APPLE', maxStack: 64, basePrice: 40_000 },
  { material: 'GOLDEN_APPLE', maxStack: 64, basePrice: 600 },
  { material: 'GOLDEN_CARROT', maxStack: 64, basePrice: 40 },
  { material: 'COOKED_BEEF', maxStack: 64, basePrice: 8 },
  { material: 'BREAD', maxStack: 64, basePrice: 4 },
  { material: 'DIAMOND', maxStack: 64, basePrice: 300 },
  { material: 'DIAMOND_BLOCK', maxStack: 64, basePrice: 2_700 },
  { material: 'EMERALD', maxStack: 64, basePrice: 120 },
  { material: 'EMERALD_BLOCK', maxStack: 64, basePrice: 1_080 },
  { material: 'NETHERITE_INGOT', maxStack: 64, basePrice: 9_000 },
  { material: 'NETHERITE_SCRAP', maxStack: 64, basePrice: 2_000 },
  { material: 'ANCIENT_DEBRIS', maxStack: 64, basePrice: 1_900 },
  { material: 'IRON_INGOT', maxStack: 64, basePrice: 15 },
  { material: 'GOLD_INGOT', maxStack: 64, basePrice: 25 },
  { material: 'LAPIS_LAZULI', maxStack: 64, basePrice: 6 },
  { material: 'REDSTONE', maxStack: 64, basePrice: 5 },
  { material: 'QUARTZ', maxStack: 64, basePrice: 9 },
  { material: 'AMETHYST_SHARD', maxStack: 64, basePrice: 12 },
  { material: 'OBSIDIAN', maxStack: 64, basePrice: 35 },
  { material: 'CRYING_OBSIDIAN', maxStack: 64, basePrice: 60 },
  { material: 'OAK_LOG', maxStack: 64, basePrice: 2 },
  { material: 'SPRUCE_LOG', maxStack: 64, basePrice: 2 },
  { material: 'COBBLESTONE', maxStack: 64, basePrice: 0.5 },
  { material: 'BLAZE_ROD', maxStack: 64, basePrice: 45 },
  { material: 'GHAST_TEAR', maxStack: 64, basePrice: 150 },
  { material: 'SLIME_BALL', maxStack: 64, basePrice: 20 },
  { material: 'EXPERIENCE_BOTTLE', maxStack: 64, basePrice: 30 },
  { material: 'ARROW', maxStack: 64, basePrice: 1.5 },
  { material: 'SPECTRAL_ARROW', maxStack: 64, basePrice: 6 },
  { material: 'FIREWORK_ROCKET', maxStack: 64, basePrice: 10 },
  { material: 'SPONGE', maxStack: 64, basePrice: 400 },
  { material: 'BOOKSHELF', maxStack: 64, basePrice: 50 },
  { material: 'SCULK_CATALYST', maxStack: 64, basePrice: 700 },
  { material: 'ENDER_PEARL', maxStack: 16, basePrice: 40 },
  { material: 'NAME_TAG', maxStack: 64, basePrice: 350 },
  { material: 'ANVIL', maxStack: 64, basePrice: 500 },
  { material: 'ENDER_CHEST', maxStack: 64, basePrice: 900 },
  { material: 'HOPPER', maxStack: 64, basePrice: 90 },
  { material: 'TNT', maxStack: 64, basePrice: 60 },
];

/** Custom names players gave their gear, with legacy colour codes (only unstackable items get one). */
export const RENAMED_ITEM_NAMES: readonly string[] = [
  '&6Excalibur',
  '&b&lFrostbite',
  '&cBlood Reaver',
  '&5Void Walker',
  '&eSunpiercer',
  '&a&oLucky Pick',
  '&dWings of Aether',
  '&4&lDOOMBRINGER',
  '&9Tidecaller',
  '&fFeather &7Step',
  '&2Greenwood &aGuardian',
  "&6&l&nKing&r&6's Blade",
  '&3Deep Delver',
  "&cNotch's &6Gift",
  '&8Shadowfang',
  '&kxx&r &dMystery &kxx',
];
