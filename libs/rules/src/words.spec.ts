import { dueWords, endingWords, firstPlayerMethodWords, outcomeWords, systemName, turnName, words } from './words';

describe('a rules key in words', () => {
  it.each([
    ['lastDevaStanding', 'last deva standing'],
    ['deckOut', 'deck out'],
    ['NoSealInArena', 'no seal in arena'],
    ['oncePerTurn', 'once per turn'],
    ['war-cry', 'war-cry'],
  ])('splits %s at its capitals, in lower case: "%s"', (key, expected) => {
    expect(words(key)).toBe(expected);
  });

  it.each([
    ['hp', 'HP'],
    ['hpZero', 'HP zero'],
    ['lv2Stats', 'LV2 stats'],
    ['cd', 'CD'],
    ['atk', 'ATK'],
    // The abbreviations only Summoner Master has, as its rulebook writes them.
    ['mpCast', 'Mp cast'],
    ['sp', 'Sp'],
  ])('writes a stat abbreviation as the rulebooks print it: %s → "%s"', (key, expected) => {
    expect(words(key)).toBe(expected);
  });

  it.each([
    ['at', 'devacurse', 'AT'],
    ['at', 'summoner-master', 'At'],
    ['df', 'summoner-master', 'Df'],
    ['at', 'no-such-game', 'AT'],
    ['lastDevaStanding', 'devacurse', 'last Deva standing'],
  ])('writes %s as the rulebook of %s prints it: "%s"', (key, system, expected) => {
    expect(words(key, system)).toBe(expected);
  });

  it('gives the same answers once its memory of keys has filled and been emptied', () => {
    expect(words('postSoldierCalling')).toBe('post soldier calling');
    for (let i = 0; i < 2500; i++) words(`key${i}Value`);
    expect(words('postSoldierCalling')).toBe('post soldier calling');
    expect(words('at', 'summoner-master')).toBe('At');
    expect(words('at')).toBe('AT');
  });

  it('names each game as its rulebook does, and a game it does not know by its id', () => {
    expect(['born-from-blood', 'aegis', 'devacurse', 'summoner-master', 'no-such-game'].map(systemName)).toEqual(['Born from Blood', 'Aegis', 'Devacurse', 'Summoner Master', 'no-such-game']);
  });

  it('says a due action as what the player is waiting to do, and one it has no phrase for as words', () => {
    expect(dueWords('DeclareHeroAttack')).toBe('declare a hero attack');
    expect(dueWords('ResolveKnotTop')).toBe('resolve the top of the Knot zone');
    expect(dueWords('ChooseTarget')).toBe('choose target');
  });

  it.each([
    ['aegis', 'aegis', 'Aegis exhausted'],
    ['deckOut', 'aegis', 'deck-out'],
    ['hp', 'born-from-blood', 'HP reached 0'],
    ['concede', 'born-from-blood', 'concession'],
    ['lastDevaStanding', 'devacurse', 'last Deva standing'],
    ['simultaneousElimination', 'devacurse', 'simultaneous elimination'],
    ['NoSealInArena', 'summoner-master', 'no Seal in the Arena'],
    ['ShrineLevel', 'summoner-master', 'Shrine Level limit'],
    // A reason the game does not name, and a game this build does not know: said in words.
    ['Other', 'summoner-master', 'other'],
    ['deckOut', 'no-such-game', 'deck out'],
  ])('names the ending %s of %s as its rulebook does: "%s"', (reason, system, expected) => {
    expect(endingWords(reason, system)).toBe(expected);
  });

  it('calls a Summoner Master turn a Subturn, as its rulebook does, and every other game\'s a Turn', () => {
    expect(['summoner-master', 'born-from-blood', 'aegis', 'devacurse', undefined].map(turnName)).toEqual(['Subturn', 'Turn', 'Turn', 'Turn', 'Turn']);
  });

  it('says how a game ended: the winner by name and the ending as the rulebook names it, or a draw', () => {
    const name = (seat: string) => ({ p1: 'Agni', p2: 'Varuna' })[seat] ?? seat;
    expect(outcomeWords({ winner: 'p2', reason: 'aegis' }, name, 'aegis')).toBe('Varuna won (Aegis exhausted)');
    expect(outcomeWords({ winner: null, reason: 'simultaneousElimination' }, name, 'devacurse')).toBe('draw (simultaneous elimination)');
    expect(outcomeWords({ winner: 'p1' }, name, 'devacurse')).toBe('Agni won');
  });

  it('says how a first player was chosen in words, a method it does not know split at its capitals', () => {
    expect(['coin', 'dieRoll', 'agreement', 'fair', 'rockPaperScissors'].map(firstPlayerMethodWords)).toEqual(['coin toss', 'die roll', 'by agreement', 'a fair method', 'rock paper scissors']);
  });

  it('leaves words that only begin like an abbreviation alone', () => {
    expect(words('attack')).toBe('attack');
    expect(words('chapter')).toBe('chapter');
    expect(words('cdRemaining')).toBe('CD remaining');
  });
});
