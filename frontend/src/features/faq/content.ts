/** One question of the Faq: an anchor id, the question and its answer's paragraphs. */
export type FaqEntry = { id: string; question: string; answer: readonly string[] };

/** The Faq's questions and answers, in order. */
export const FAQ: readonly FaqEntry[] = [
  {
    id: 'stamps',
    question: 'What are stamps?',
    answer: [
      'A Bitcoin stamp is a file (an image, HTML, a BMN melody, text and more) written into a Bitcoin transaction: ' +
        'a Counterparty asset issuance whose description starts with "stamp:", its file carried in the ' +
        "transaction's outputs (bare multisig outputs whose third key is a burn key, or, from block 833000, " +
        'P2WSH outputs in the OLGA format) rather than in witness data.',
      'Each stamp gets a number in the order it was found: blessed stamps count up from 0 (the first one is in ' +
        'block 779652); cursed stamps, those with an unusual form (a named asset, a file carried in OP_RETURN, a ' +
        'file type such as plain text or JSON), count down from -1. A stamp is named by its CPID, the name of its ' +
        'Counterparty asset, and its supply, lock and holders are those of that asset.',
    ],
  },
  {
    id: 'src-20',
    question: 'What is SRC-20?',
    answer: [
      'SRC-20 is a fungible token standard built on stamps: each operation is a small JSON text stamped into a ' +
        'transaction, such as {"p":"src-20","op":"mint","tick":"STAMP","amt":"1000"}. A tick is 1 to 5 ' +
        'characters (letters, digits, some symbols, or emoji) and is case-insensitive.',
      'Three operations count. A deploy creates a tick with its maximum supply, the limit per mint and its ' +
        'decimals (18 by default); only the first valid deploy of a tick counts. A mint credits up to the limit ' +
        "to the address of the transaction's first output until the maximum supply is reached. A transfer moves " +
        "an amount from the sender to the first output's address, and needs the sender's balance.",
      'Every operation gets a stamp number, even an invalid one (an over-mint, a transfer beyond the balance); ' +
        'the SRC-20 pages show its status. Balances are computed by indexers from these operations: Bitcoin and ' +
        'Counterparty do not check them.',
    ],
  },
  {
    id: 'dispensers',
    question: 'What are dispensers?',
    answer: [
      'A dispenser is a Counterparty vending machine: an address holding an asset opens it to give a fixed ' +
        'quantity of the asset for a fixed price in bitcoin, until what it escrowed runs out or its owner closes it.',
      'A buyer sends bitcoin to the dispenser address in a transaction that carries the dispense message (a plain ' +
        'bitcoin payment no longer triggers a dispenser since block 866000). The buyer receives as many lots as ' +
        'the payment covers, up to what remains; bitcoin paid beyond that is not refunded. A stamp page lists the ' +
        "stamp's dispensers, open ones first.",
    ],
  },
  {
    id: 'atomic-swaps',
    question: 'What are atomic swaps?',
    answer: [
      'Since block 866000 a Counterparty balance, such as a stamp, can be attached to a Bitcoin transaction ' +
        'output (a UTXO). Spending that output moves everything attached to it to the first output of the ' +
        'spending transaction that is not an OP_RETURN.',
      'A seller lists a stamp by signing, for the output holding it, a transaction that pays them the price. A ' +
        "buyer completes that transaction with their own bitcoin and receives the stamp: the seller's payment " +
        'and the delivery happen in one transaction, or not at all. Spending the output cancels the listing. On ' +
        'this site such a listing is named by its output (transaction id:output number).',
    ],
  },
  {
    id: 'fees',
    question: 'How do fees work?',
    answer: [
      'Every Bitcoin transaction pays its miner a fee: its size in virtual bytes times a fee rate in satoshis ' +
        "per virtual byte. A stamp's file sits in its transaction's outputs, so a larger file makes a larger " +
        'transaction and a higher fee, and each data output must also hold a minimum amount of bitcoin (330 ' +
        'satoshis for a P2WSH output, 786 for a bare multisig one).',
      'Fee rates follow public mempool recommendations (fastest, half hour, hour); the optimal rate is the lower ' +
        'of the fastest rate and the hour rate plus 0.5.',
      'Buying and minting through this site are not available yet. When they are, its fees are: for a purchase, ' +
        'the largest of 2% of the total, 2,222 satoshis per item and 22 times the fee rate, plus a 3% royalty to ' +
        'the creator on a resale above 546 satoshis; for a fairmint, 2,230 satoshis; for a launchpad mint, ' +
        "23,220 satoshis plus the launchpad owner's fee; for an SRC-20 mint, 12,230 satoshis plus 330 per data " +
        "part (2 or 3), plus the deployer's royalties or 2,222 satoshis when there are none. The network fee " +
        'comes on top of each.',
    ],
  },
];
