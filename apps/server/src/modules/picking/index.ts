/**
 * Picking (拿货, web feature picking): the picker's marks and what each moved. No other module needs
 * anything from it: a cancelled order's picking-side money (a waiting replenish request, a settlement
 * line) is dropped through funds, which owns those tables.
 * Other modules import this module only through this file.
 */
export {};
